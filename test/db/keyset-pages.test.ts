import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, type ApplicationAnswers } from '../../core/applications/record';
import {
  APPLICATION_SORTS,
  type ApplicationFilter,
  ApplicationListQuerySchema,
} from '../../core/applications/staff-list';
import {
  ORDER_SORTS,
  type OrderListFilters,
  OrderListQuerySchema,
} from '../../core/orders/staff-list';
import { encodeCursor } from '../../core/shared/page';
import { COUNT_CAP, createApplicationListRepository } from '../../db/repositories/application-list';
import type { KeysetTuning } from '../../db/repositories/keyset-page';
import { createStaffOrdersRepository } from '../../db/repositories/staff-orders';
import { applications } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { insertOrder } from '../support/orders';

// A narrow filter's page (db/repositories/keyset-page.ts) is found by whichever of three steps
// answers first: the bounded walk of the list's order, the capped candidates of the filter's
// own index, or the unbounded walk. Each step is forced here by shrinking its bounds, and every
// one must give the same pages as the plain walk: same rows, same order, same cursors.

const TUNINGS: Record<string, KeysetTuning> = {
  'the bounded walk': { walk: 10_000 },
  'the capped candidates': { walk: 0, cap: 10_000 },
  'the unbounded walk': { walk: 0, cap: 0 },
  // Steps change from page to page: a short walk, a cap some filters exceed.
  'a mix': { walk: 4, cap: 5 },
};

const WORDS = ['lighthouse', 'livery', 'logo', 'bots'];
const COUNT = 40;

describe.each(DRIVERS)('keyset pages of narrow filters on %s', (driver) => {
  let database: TestDatabase;
  const submitted = new Map<number, number>();
  const statusOf = new Map<number, string>();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    // Usernames that do not follow the dates, duplicated names (ties broken by id), statuses
    // and dates in runs, a rare word (index 17) and common ones.
    await database.db.insert(applications).values(
      Array.from({ length: COUNT }, (_, index) => ({
        type: index % 3 === 0 ? ('designer' as const) : ('moderator' as const),
        status: (['pending', 'accepted', 'rejected'] as const)[Math.floor(index / 7) % 3],
        robloxUsername: `${index % 2 ? 'Nova' : 'orbit'}${(index * 7) % 13}`,
        discordUsername: `disc${index}`,
        // Only the answer the search reads: these rows are never shown as applications.
        // 'quasar': only in the first run of statuses (pending), so a status-sorted search
        // finds nothing in the other two.
        answers: {
          additionalInfo: `${WORDS[index % 4]} ${index === 17 ? 'zephyr' : ''} ${index < 7 ? 'quasar' : ''}`,
        } as unknown as ApplicationAnswers,
        submittedAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(index / 2), index % 5)),
      })),
    );
    for (const row of await database.db.select().from(applications)) {
      submitted.set(row.id, row.submittedAt.getTime());
      statusOf.set(row.id, row.status);
    }
    for (let index = 0; index < COUNT; index++) {
      await insertOrder(database.db, {
        id: `k-${String(index).padStart(2, '0')}`,
        status: (['awaiting_payment', 'paid', 'delivered', 'logged'] as const)[
          Math.floor(index / 5) % 4
        ],
        priceRobux: 100 + ((index * 37) % 7) * 50,
        paidAt: index % 6 === 0 ? null : new Date(Date.UTC(2026, 1, 1)),
        createdAt: new Date(Date.UTC(2026, 1, 1 + Math.floor(index / 3), index % 4)),
      });
    }
  });

  afterAll(async () => {
    await database?.close();
  });

  async function applicationPages(query: Record<string, string>, tuning: KeysetTuning) {
    const list = createApplicationListRepository(database.db, tuning);
    const pages: number[][] = [];
    let cursor: string | undefined;
    do {
      const { cursor: position, ...request } = ApplicationListQuerySchema.parse({
        ...query,
        limit: '3',
        ...(cursor && { cursor }),
      });
      const page = await list.list({
        ...(request as ApplicationFilter),
        limit: 3,
        cursor: position,
      });
      pages.push(page.items.map((item) => item.id));
      const last = page.items.at(-1);
      // A status sort's cursor is the last row's status and id, as every sort's is.
      if (query.sort === 'status' && page.nextCursor && last) {
        expect(page.nextCursor).toBe(
          encodeCursor({ sort: 'status', value: last.status, id: last.id }),
        );
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < COUNT);
    return pages;
  }

  const applicationFilters: Record<string, string>[] = [
    { q: 'lighthouse' },
    { q: 'zephyr' },
    { q: 'nova' },
    { q: 'nothing' },
    { q: 'quasar' },
    { from: '2026-01-04', to: '2026-01-09' },
    { from: '2026-01-01', to: '2026-12-31' },
    { from: '2026-01-04', to: '2026-01-09', q: 'logo' },
    // Not narrow: the status sort's check below holds for every filter.
    {},
    { type: 'designer' },
    { status: 'rejected', q: 'logo' },
  ];

  it.each(
    APPLICATION_SORTS.flatMap((sort) =>
      (['asc', 'desc'] as const).flatMap((order) =>
        applicationFilters.map((filter) => ({ sort, order, filter })),
      ),
    ),
  )(
    'applications: $sort $order $filter pages the same through every step',
    async ({ sort, order, filter }) => {
      const query = { sort, order, ...filter };
      const reference = await applicationPages(query, TUNINGS['the bounded walk'] ?? {});
      for (const [name, tuning] of Object.entries(TUNINGS)) {
        expect(await applicationPages(query, tuning), name).toEqual(reference);
      }
      // And the reference is every matching row once, in the list's order.
      const ids = reference.flat();
      expect(new Set(ids).size).toBe(ids.length);
      if (sort === 'submitted') {
        const key = (id: number) => [submitted.get(id) ?? 0, id] as const;
        const sorted = [...ids].sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          return x[0] - y[0] || x[1] - y[1];
        });
        expect(ids).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
      if (sort === 'status') {
        // Read status by status: the same rows as another sort's, in (status, id) order.
        const bySubmitted = await applicationPages({ ...query, sort: 'submitted' }, {});
        const rank = (id: number) =>
          APPLICATION_STATUSES.indexOf(statusOf.get(id) as (typeof APPLICATION_STATUSES)[number]);
        const sorted = bySubmitted.flat().sort((a, b) => rank(a) - rank(b) || a - b);
        expect(ids).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
      if (filter.q === 'quasar') expect(ids).toHaveLength(7);
      if (filter.q === 'zephyr') expect(ids).toHaveLength(1);
      if (filter.q === 'nothing') expect(ids).toEqual([]);
      if (filter.q === 'lighthouse') expect(ids).toHaveLength(COUNT / 4);
      if (filter.from === '2026-01-04' && !filter.q) expect(ids).toHaveLength(12);
    },
  );

  async function orderPages(query: Record<string, string>, tuning: KeysetTuning) {
    const repository = createStaffOrdersRepository(database.db, tuning);
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const {
        limit,
        cursor: after,
        sort,
        order: dir,
        ...filters
      } = OrderListQuerySchema.parse({
        ...query,
        limit: '4',
        ...(cursor && { cursor }),
      });
      const page = await repository.list({
        filters: filters as OrderListFilters,
        sort,
        dir,
        limit,
        after,
        scope: { kind: 'all' },
      });
      pages.push(page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < COUNT);
    return pages;
  }

  const orderFilters: Record<string, string>[] = [
    { from: '2026-02-03', to: '2026-02-06' },
    { from: '2026-02-01', to: '2026-03-31' },
    { from: '2026-02-05', to: '2026-02-05' },
    { from: '2026-02-03', to: '2026-02-09', paid: 'false' },
  ];

  it.each(
    ORDER_SORTS.flatMap((sort) =>
      (['asc', 'desc'] as const).flatMap((order) =>
        orderFilters.map((filter) => ({ sort, order, filter })),
      ),
    ),
  )(
    'orders: $sort $order $filter pages the same through every step',
    async ({ sort, order, filter }) => {
      const query = { sort, order, ...filter };
      const reference = await orderPages(query, TUNINGS['the bounded walk'] ?? {});
      for (const [name, tuning] of Object.entries(TUNINGS)) {
        expect(await orderPages(query, tuning), name).toEqual(reference);
      }
      const ids = reference.flat();
      expect(new Set(ids).size).toBe(ids.length);
      if (filter.to === '2026-02-06') expect(ids).toHaveLength(12);
      if (filter.to === '2026-03-31') expect(ids).toHaveLength(COUNT);
    },
  );
});

describe.each(DRIVERS)('application list counts and status pages on %s', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    // More rows than twice the count cap: a common word is judged from a sample of the table
    // (countMatching), a rare one counted through its index.
    await database.db.execute(sql`
      insert into applications (type, status, roblox_username, discord_username, answers)
      select 'designer', (case when i % 50 = 0 then 'accepted' else 'pending' end)::application_status,
        'member' || i, 'disc' || i,
        jsonb_build_object('additionalInfo', case when i % 5000 = 0 then 'rare' else 'common' end)
      from generate_series(1, ${2 * COUNT_CAP + 1000}) as i`);
    await database.db.execute(sql`analyze applications`);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('says "more than" the cap for a common word and counts a rare one', async () => {
    const list = createApplicationListRepository(database.db);
    const common = await list.list({ sort: 'submitted', order: 'desc', q: 'common', limit: 5 });
    expect(common).toMatchObject({ total: COUNT_CAP, totalIsEstimate: true });
    const rare = await list.list({ sort: 'submitted', order: 'desc', q: 'rare', limit: 5 });
    expect(rare.total).toBe(4);
    expect(rare.totalIsEstimate).toBeUndefined();
    expect(rare.items).toHaveLength(4);
  });

  it.each(['asc', 'desc'] as const)(
    'pages one status sorted by status in id order (%s)',
    async (order) => {
      const list = createApplicationListRepository(database.db);
      const ids: number[] = [];
      let cursor: string | undefined;
      do {
        const { cursor: position } = ApplicationListQuerySchema.parse({
          sort: 'status',
          ...(cursor && { cursor }),
        });
        const page = await list.list({
          sort: 'status',
          order,
          status: 'accepted',
          limit: 100,
          cursor: position,
        });
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const sorted = [...ids].sort((a, b) => a - b);
      expect(ids).toEqual(order === 'asc' ? sorted : sorted.reverse());
      expect(ids).toHaveLength(Math.floor((2 * COUNT_CAP + 1000) / 50));
    },
  );
});
