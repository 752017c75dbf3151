import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OverviewFigures } from '../../core/orders/overview';
import type { Database } from '../../db/client';
import { reviews, staffUsers } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { insertOrder, insertOrderEvent, loggedOrder } from '../support/orders';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const ANA = '100000000000000001';
const BEN = '100000000000000002';
// Wednesday: the twelve weeks shown are the Mondays 2025-12-29 … 2026-03-16.
const TO = '2026-03-18';

const at = (iso: string) => new Date(iso);

async function review(db: Database, orderId: string, rating: number, createdAt: string) {
  await db
    .insert(reviews)
    .values({ orderId, customerDiscordId: '100000000000000050', rating, createdAt: at(createdAt) });
}

async function signInAs(
  db: Database,
  roles: Parameters<typeof signInAsStaff>[1],
  discordId?: string,
) {
  const signed = await signInAsStaff(db, roles);
  if (discordId) {
    await db.update(staffUsers).set({ discordId }).where(eq(staffUsers.id, signed.member.id));
  }
  return signed.cookie;
}

const zeroWeek = (week: string) => ({
  week,
  orders: 0,
  volumeRobux: 0,
  payoutsRobux: 0,
  qcFirstPass: 0,
  qcChangesRequested: 0,
});

describe.each(DRIVERS)('overview figures on %s', (driver) => {
  const server = useTestApp(driver);
  let executive: string;
  let ana: string;
  let staff: string;

  beforeAll(async () => {
    const db = server.database.db;
    // o-1: passed QC the first time, logged Monday of the last week.
    await insertOrder(db, loggedOrder('o-1', ANA, '2026-03-16T10:00:00Z', { price: 1000 }));
    await insertOrderEvent(db, 'o-1', 'qc_approved', at('2026-03-15T09:00:00Z'), { attempt: 1 });
    // o-2: changes requested first, approved on the second try; logged the Sunday before (UTC).
    await insertOrder(
      db,
      loggedOrder('o-2', ANA, '2026-03-15T23:59:59Z', { price: 999, qcPassed: false }),
    );
    await insertOrderEvent(db, 'o-2', 'qc_changes_requested', at('2026-03-13T00:00:00Z'), {
      attempt: 1,
      reason: 'Fix the collar',
    });
    await insertOrderEvent(db, 'o-2', 'qc_approved', at('2026-03-14T00:00:00Z'), { attempt: 2 });
    // o-3: logged without QC, with a stored share a recompute would not give.
    await insertOrder(
      db,
      loggedOrder('o-3', BEN, '2026-03-10T00:00:00Z', { price: 100, share: 85 }),
    );
    // o-4: first-time pass, BEN's.
    await insertOrder(db, loggedOrder('o-4', BEN, '2026-03-11T12:00:00Z', { price: 50 }));
    await insertOrderEvent(db, 'o-4', 'qc_approved', at('2026-03-11T11:00:00Z'), { attempt: 1 });
    // Outside the window (the Sunday before its first Monday), and not logged at all.
    await insertOrder(db, loggedOrder('o-5', ANA, '2025-12-28T23:59:59Z', { price: 7777 }));
    await insertOrder(db, { id: 'o-6', designerDiscordId: ANA, status: 'qc_passed' });
    await insertOrderEvent(db, 'o-6', 'qc_approved', at('2026-03-16T00:00:00Z'), { attempt: 1 });

    await review(db, 'o-1', 5, '2026-03-17T08:00:00Z');
    await review(db, 'o-2', 4, '2026-03-12T08:00:00Z');
    await review(db, 'o-3', 2, '2025-12-29T00:00:00Z');
    await review(db, 'o-5', 1, '2025-12-28T23:00:00Z');

    executive = await signInAs(db, ['executive']);
    ana = await signInAs(db, ['designer'], ANA);
    staff = await signInAs(db, ['staff']);
  });

  async function overview(cookie: string, query = `to=${TO}`): Promise<OverviewFigures> {
    const response = await server.app.inject({
      url: `/api/staff/overview?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('sums logged orders per UTC week, with empty weeks as zeros', async () => {
    const figures = await overview(executive);
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[0]).toBe('2025-12-29');
    expect(figures.weeks[11]).toBe('2026-03-16');
    // Whole tables, from the counts kept by triggers (test/db/status-counts.test.ts).
    expect(figures.orders.byStatus).toEqual({ logged: 5, qc_passed: 1 });
    expect(figures.applications?.byStatus).toEqual({});
    expect(figures.orderLog?.scope).toBe('studio');
    const byWeek = figures.orderLog?.byWeek ?? [];
    expect(byWeek.slice(0, 10)).toEqual(figures.weeks.slice(0, 10).map(zeroWeek));
    expect(byWeek[10]).toEqual({
      week: '2026-03-09',
      orders: 3,
      volumeRobux: 999 + 100 + 50,
      payoutsRobux: 799 + 85 + 45,
      qcFirstPass: 1,
      qcChangesRequested: 1,
    });
    expect(byWeek[11]).toEqual({
      week: '2026-03-16',
      orders: 1,
      volumeRobux: 1000,
      payoutsRobux: 900,
      qcFirstPass: 1,
      qcChangesRequested: 0,
    });
  });

  it('averages the ratings of the reviews written in the window', async () => {
    const figures = await overview(staff);
    expect(figures.reviews.count).toBe(3);
    expect(figures.reviews.average).toBe(3.67);
    expect(figures.reviews.byWeek[0]).toEqual({ week: '2025-12-29', reviews: 1, ratingSum: 2 });
    expect(figures.reviews.byWeek[10]).toEqual({ week: '2026-03-09', reviews: 1, ratingSum: 4 });
    expect(figures.reviews.byWeek[11]).toEqual({ week: '2026-03-16', reviews: 1, ratingSum: 5 });
  });

  it("shows a designer their own orders' money only, and plain staff none", async () => {
    const own = await overview(ana);
    expect(own.orderLog?.scope).toBe('own');
    expect(own.orderLog?.byWeek.slice(10)).toEqual([
      {
        ...zeroWeek('2026-03-09'),
        orders: 1,
        volumeRobux: 999,
        payoutsRobux: 799,
        qcChangesRequested: 1,
      },
      {
        ...zeroWeek('2026-03-16'),
        orders: 1,
        volumeRobux: 1000,
        payoutsRobux: 900,
        qcFirstPass: 1,
      },
    ]);
    expect(own.applications).toBeNull();
    const plain = await overview(staff);
    expect(plain.orderLog).toBeNull();
    expect(plain.applications).toBeNull();
  });

  it('answers a clear 400 for a day that does not exist', async () => {
    const response = await server.app.inject({
      url: '/api/staff/overview?to=2026-02-30',
      headers: { cookie: executive },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Must be a date that exists');
  });
});

describe.each(DRIVERS)('overview of an empty database on %s', (driver) => {
  const server = useTestApp(driver);

  it('gives zeros and no average, not errors', async () => {
    const cookie = await signInAs(server.database.db, ['executive']);
    const response = await server.app.inject({
      url: `/api/staff/overview?to=${TO}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const figures: OverviewFigures = response.json();
    expect(figures.orderLog?.byWeek).toEqual(figures.weeks.map(zeroWeek));
    expect(figures.reviews).toEqual({
      byWeek: figures.weeks.map((week) => ({ week, reviews: 0, ratingSum: 0 })),
      count: 0,
      average: null,
    });
    expect(figures.applications?.byWeek).toEqual(figures.weeks.map((week) => ({ week, count: 0 })));
    expect(figures.applications?.byStatus).toEqual({});
    expect(figures.orders.byStatus).toEqual({});
  });
});
