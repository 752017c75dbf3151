import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayoutLine } from '../../core/orders/payouts';
import { createPeopleRepository } from '../../db/repositories/people';
import { orders, payoutOrders, payouts, staffUsers } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { insertOrder, loggedOrder } from '../support/orders';
import { countRows } from '../support/rows';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const ANA = '100000000000000001';
const BEN = '100000000000000002';

// Week of Monday 2026-01-05 and of Monday 2026-01-12; January and February for months.
describe.each(DRIVERS)('payouts on %s', (driver) => {
  const server = useTestApp(driver);
  let executive: string;
  let lead: string;
  let ana: string;

  beforeAll(async () => {
    const db = server.database.db;
    // Shares as the order log stored them; o-3's is not what a recompute would give (it was
    // logged under other rules): the payout must use the stored value.
    await insertOrder(
      db,
      loggedOrder('p-1', ANA, '2026-01-05T10:00:00Z', { price: 1000, qcPassed: true }),
    );
    await insertOrder(
      db,
      loggedOrder('p-2', ANA, '2026-01-11T23:59:59Z', { price: 999, qcPassed: false }),
    );
    await insertOrder(
      db,
      loggedOrder('p-3', BEN, '2026-01-06T00:00:00Z', { price: 100, share: 85 }),
    );
    await insertOrder(db, loggedOrder('p-4', ANA, '2026-01-12T00:00:00Z', { price: 50 }));
    await insertOrder(db, loggedOrder('p-5', BEN, '2026-02-01T00:00:00Z', { price: 10 }));
    // Not logged: owes nothing yet.
    await insertOrder(db, {
      id: 'p-6',
      designerDiscordId: ANA,
      status: 'delivered',
      createdAt: new Date('2026-01-06T00:00:00Z'),
    });
    executive = (await signInAsStaff(db, ['executive'], 'exec')).cookie;
    lead = (await signInAsStaff(db, ['lead'])).cookie;
    const designer = await signInAsStaff(db, ['designer'], '=cmd|calc');
    await db
      .update(staffUsers)
      .set({ discordId: ANA })
      .where(eq(staffUsers.id, designer.member.id));
    ana = designer.cookie;
    // Ben never signed in to the dashboard: the bot saw him in Discord.
    await createPeopleRepository(db).remember({
      discordId: BEN,
      username: 'ben.builds',
      globalName: 'Ben',
      avatar: null,
    });
  });

  async function lines(query: string, cookie = lead): Promise<PayoutLine[]> {
    const response = await server.app.inject({
      url: `/api/staff/payouts?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().rows;
  }

  const markPaid = (body: object, cookie = executive) =>
    server.app.inject({
      method: 'POST',
      url: '/api/staff/payouts/mark-paid',
      headers: { cookie, origin: SITE_ORIGIN },
      payload: body,
    });

  it('sums the stored shares per designer and week, newest week first', async () => {
    // Whole periods: the week of the 31st runs to Sunday 1 February.
    const weeks = await lines('period=week&from=2026-01-01&to=2026-01-31');
    expect(
      weeks.map((line) => [line.periodStart, line.designerDiscordId, line.orders, line.owedRobux]),
    ).toEqual([
      ['2026-01-26', BEN, 1, 9],
      ['2026-01-12', ANA, 1, 45],
      ['2026-01-05', ANA, 2, 900 + 799],
      ['2026-01-05', BEN, 1, 85],
    ]);
    expect(weeks[2]).toMatchObject({
      periodEnd: '2026-01-12',
      paidRobux: 0,
      unpaidRobux: 1699,
      designerName: '=cmd|calc',
    });
    expect(weeks[3]).toMatchObject({ designerDiscordId: BEN, designerName: 'Ben' });
    // The designer facet by name, for the table's popover.
    const response = await server.app.inject({
      url: '/api/staff/payouts?period=week&from=2026-01-01&to=2026-01-31',
      headers: { cookie: lead },
    });
    expect(response.json().facets.designer).toEqual([
      { value: ANA, count: 2, label: '=cmd|calc' },
      { value: BEN, count: 2, label: 'Ben' },
    ]);
  });

  it('groups by month too', async () => {
    const months = await lines('period=month&from=2026-01-01&to=2026-02-28');
    expect(
      months.map((line) => [line.periodStart, line.designerDiscordId, line.owedRobux]),
    ).toEqual([
      ['2026-02-01', BEN, 9],
      ['2026-01-01', ANA, 1744],
      ['2026-01-01', BEN, 85],
    ]);
  });

  it('pays a period once: a retry pays nothing again, and no order is edited', async () => {
    const db = server.database.db;
    const before = await db.select().from(orders);
    const body = {
      designerDiscordId: ANA,
      period: 'week',
      periodStart: '2026-01-05',
      expectedAmountRobux: 1699,
    };
    const first = await markPaid(body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'paid',
      payout: { amountRobux: 1699, orders: 2, paidByName: 'exec' },
    });
    const retry = await markPaid(body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      status: 'already_paid',
      payouts: [{ amountRobux: 1699 }],
    });
    expect(await countRows(db, payouts)).toBe(1);
    expect(await countRows(db, payoutOrders)).toBe(2);
    expect(await db.select().from(orders)).toEqual(before);
    const [week] = (await lines('period=week&from=2026-01-05&to=2026-01-11')).filter(
      (line) => line.designerDiscordId === ANA,
    );
    expect(week).toMatchObject({
      owedRobux: 1699,
      paidRobux: 1699,
      unpaidRobux: 0,
      payouts: [{ amountRobux: 1699 }],
    });
    // The month view sees the same payment on the orders it covers.
    const [january] = (await lines('period=month&from=2026-01-01&to=2026-01-31')).filter(
      (line) => line.designerDiscordId === ANA,
    );
    expect(january).toMatchObject({ owedRobux: 1744, paidRobux: 1699, unpaidRobux: 45 });
    // Paid sorts as the other amounts do: the paid line first, then back to the others.
    const byPaid = await lines('period=week&from=2026-01-01&to=2026-01-31&sort=paid&order=desc');
    expect(byPaid[0]).toMatchObject({ designerDiscordId: ANA, paidRobux: 1699 });
    const paidAsc = (
      await lines('period=week&from=2026-01-01&to=2026-01-31&sort=paid&order=asc')
    ).map((line) => line.paidRobux);
    expect(paidAsc).toEqual([...paidAsc].sort((a, b) => a - b));
  });

  it('pays what was logged since as a second payout, and refuses an amount that changed', async () => {
    await insertOrder(
      server.database.db,
      loggedOrder('p-7', ANA, '2026-01-07T00:00:00Z', { price: 20 }),
    );
    const stale = await markPaid({
      designerDiscordId: ANA,
      period: 'week',
      periodStart: '2026-01-05',
      expectedAmountRobux: 1699,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('18 R$');
    const paid = await markPaid({
      designerDiscordId: ANA,
      period: 'week',
      periodStart: '2026-01-05',
    });
    expect(paid.json()).toMatchObject({ status: 'paid', payout: { amountRobux: 18, orders: 1 } });
  });

  it('refuses bad input with a 400', async () => {
    for (const body of [
      {},
      { designerDiscordId: ANA, period: 'week', periodStart: '2026-01-06' }, // a Tuesday
      { designerDiscordId: ANA, period: 'month', periodStart: '2026-01-05' },
      { designerDiscordId: 'ana', period: 'week', periodStart: '2026-01-05' },
      { designerDiscordId: ANA, period: 'year', periodStart: '2026-01-01' },
      {
        designerDiscordId: ANA,
        period: 'week',
        periodStart: '2026-01-05',
        expectedAmountRobux: -1,
      },
    ]) {
      expect((await markPaid(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const query of [
      'period=day',
      'from=2026-13-01',
      'from=2026-02-01&to=2026-01-01',
      'from=2000-01-01&to=2026-01-01',
      'designer=x',
    ]) {
      const response = await server.app.inject({
        url: `/api/staff/payouts?${query}`,
        headers: { cookie: lead },
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('shows a designer their own payouts only', async () => {
    const own = await lines('period=month&from=2026-01-01&to=2026-02-28', ana);
    expect(own.map((line) => line.designerDiscordId)).toEqual([ANA]);
    const other = await server.app.inject({
      url: `/api/staff/payouts?designer=${BEN}`,
      headers: { cookie: ana },
    });
    expect(other.statusCode).toBe(403);
  });

  it('exports one CSV line per logged order, streamed, formulas defused', async () => {
    const response = await server.app.inject({
      url: '/api/staff/payouts.csv?period=week&from=2026-01-05&to=2026-01-18',
      headers: { cookie: lead },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="payouts-week-2026-01-05/,
    );
    // Every cell quoted (core/shared/csv.ts); none of these cells holds a quote or comma.
    const rows = response.body
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    expect(rows[0]).toEqual([
      'period_start',
      'designer_discord_id',
      'designer',
      'order_id',
      'logged_at',
      'price_robux',
      'qc_passed',
      'share_percent',
      'share_robux',
      'payout_id',
      'paid_out_at',
    ]);
    expect(rows).toHaveLength(1 + 5);
    const p2 = rows.find((row) => row[3] === 'p-2');
    expect(p2?.slice(0, 9)).toEqual([
      '2026-01-05',
      ANA,
      "'=cmd|calc",
      'p-2',
      '2026-01-11T23:59:59.000Z',
      '999',
      'false',
      '80',
      '799',
    ]);
    expect(p2?.[9]).toMatch(/^\d+$/);
    const p3 = rows.find((row) => row[3] === 'p-3');
    expect(p3?.slice(5)).toEqual(['100', 'true', '90', '85', '', '']);
    expect(p3?.[2]).toBe('Ben');
  });

  it('exports what the list shows: the same status, designer and search filters', async () => {
    const exported = async (query: string) => {
      const response = await server.app.inject({
        url: `/api/staff/payouts.csv?period=week&from=2026-01-05&to=2026-01-18&${query}`,
        headers: { cookie: lead },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.slice(1, -1).split('","'))
        .map((row) => `${row[0]} ${row[3]}`)
        .sort();
    };
    // Ana's first week is paid (above); her second and Ben's are not.
    expect(await exported('status=paid')).toEqual([
      '2026-01-05 p-1',
      '2026-01-05 p-2',
      '2026-01-05 p-7',
    ]);
    expect(await exported('status=unpaid')).toEqual(['2026-01-05 p-3', '2026-01-12 p-4']);
    // Two designers chosen in the facet: both, as in the list.
    expect(await exported(`designer=${ANA},${BEN}`)).toHaveLength(5);
    expect(await exported(`designer=${BEN}`)).toEqual(['2026-01-05 p-3']);
    expect(await exported('q=ben')).toEqual(['2026-01-05 p-3']);
  });
});
