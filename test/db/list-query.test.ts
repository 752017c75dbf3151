import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../core/orders/order-status';
import { ORDER_SORTS, OrderListQuerySchema } from '../../core/orders/staff-list';
import { roughly } from '../../db/repositories/list-counts';
import { pageWindow } from '../../db/repositories/list-query';
import { createStaffOrdersRepository } from '../../db/repositories/staff-orders';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { insertOrder } from '../support/orders';

// The list contract's counting and paging (db/repositories/list-query.ts, decision 052),
// through the orders list: facet counts without their own facet, values OR-ed within a facet
// and AND-ed across, every page of every sort both ways (the second half read from the end),
// past the end, and the estimated counts a huge set gets.

const DESIGNERS = ['100000000000000001', '100000000000000002', '100000000000000003'];
const ALL = { kind: 'all' } as const;

// 33 orders: statuses, designers and prices cycle at different rates; prices tie often.
const ORDERS = Array.from({ length: 33 }, (_, i) => ({
  id: `q-${String(i).padStart(2, '0')}`,
  status: ORDER_STATUSES[i % 4] as (typeof ORDER_STATUSES)[number],
  designerDiscordId: DESIGNERS[i % 3] as string,
  priceRobux: 100 * (1 + (i % 5)),
  customerRobloxUsername: i % 11 === 0 ? `Lighthouse${i}` : `Player${i}`,
  paidAt: i % 4 === 0 ? null : new Date(Date.UTC(2026, 0, 1 + i)),
  createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
  updatedAt: new Date(Date.UTC(2026, 1, 1 + ((i * 7) % 33))),
}));

const query = (params: Record<string, string>) => OrderListQuerySchema.parse(params);

describe.each(DRIVERS)('list contract counts and pages on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    for (const order of ORDERS) await insertOrder(database.db, order);
  });
  afterAll(() => database.close());

  const expected = (where: (order: (typeof ORDERS)[number]) => boolean) =>
    ORDERS.filter(where).length;

  it('counts each facet without its own filter, OR within a facet, AND across', async () => {
    const repo = createStaffOrdersRepository(database.db);
    const [ana, ben] = DESIGNERS as [string, string];
    const page = await repo.list(query({ status: 'paid,in_qc', designer: `${ana},${ben}` }), ALL);
    const inStatus = (o: (typeof ORDERS)[number]) => o.status === 'paid' || o.status === 'in_qc';
    const byDesigner = (o: (typeof ORDERS)[number]) =>
      o.designerDiscordId === ana || o.designerDiscordId === ben;
    expect(page.total).toBe(expected((o) => inStatus(o) && byDesigner(o)));
    expect(page.totalIsEstimate).toBeUndefined();
    const counts = (id: string) =>
      Object.fromEntries((page.facets[id] ?? []).map((each) => [each.value, each.count]));
    // The status facet ignores the status filter but applies the designers'.
    for (const status of ORDER_STATUSES.slice(0, 4)) {
      expect(counts('status')[status]).toBe(expected((o) => o.status === status && byDesigner(o)));
    }
    for (const designer of DESIGNERS) {
      expect(counts('designer')[designer]).toBe(
        expected((o) => o.designerDiscordId === designer && inStatus(o)),
      );
    }
    // Other facets apply both.
    expect(counts('paid').true).toBe(page.total);
    expect(counts('service')).toEqual({ none: page.total });
    // A search narrows every count.
    const searched = await repo.list(query({ q: 'lighthouse' }), ALL);
    expect(searched.total).toBe(3);
    expect(searched.facets.designer?.reduce((sum, each) => sum + each.count, 0)).toBe(3);
  });

  it('pages every sort both ways, each row once, past the end the last page', async () => {
    const repo = createStaffOrdersRepository(database.db);
    for (const sort of ORDER_SORTS) {
      for (const order of ['asc', 'desc']) {
        const seen: string[] = [];
        for (let page = 1; page <= 4; page++) {
          const answer = await repo.list(
            query({ sort, order, size: '10', page: String(page) }),
            ALL,
          );
          expect(answer).toMatchObject({ total: 33, page, pageSize: 10 });
          seen.push(...answer.rows.map((row) => row.id));
        }
        expect(new Set(seen).size, `${sort} ${order}`).toBe(33);
        const backwards = await Promise.all(
          [1, 2, 3, 4].map((page) =>
            repo.list(
              query({
                sort,
                order: order === 'asc' ? 'desc' : 'asc',
                size: '10',
                page: String(page),
              }),
              ALL,
            ),
          ),
        );
        expect(backwards.flatMap((answer) => answer.rows.map((row) => row.id)).reverse()).toEqual(
          seen,
        );
        const past = await repo.list(query({ sort, order, size: '10', page: '50' }), ALL);
        expect(past.page).toBe(4);
        expect(past.rows.map((row) => row.id)).toEqual(seen.slice(30));
      }
    }
    const none = await repo.list(query({ q: 'nobody-at-all', page: '3' }), ALL);
    expect(none).toMatchObject({ rows: [], total: 0, page: 1 });
  });

  it('estimates the counts of a set past the exact limit, and says so', async () => {
    const repo = createStaffOrdersRepository(database.db, { exactLimit: 5 });
    const counts = (page: { facets: Record<string, { value: string; count: number }[]> }) =>
      Object.fromEntries((page.facets.status ?? []).map((each) => [each.value, each.count]));
    const byStatus = Object.fromEntries(
      ORDER_STATUSES.slice(0, 4).map((status) => [status, expected((o) => o.status === status)]),
    );
    // Nothing narrowing the list: the total and the status facet are the kept counts, exact;
    // the other facets come from the sample.
    const all = await repo.list(query({ size: '10' }), ALL);
    expect(all.total).toBe(ORDERS.length);
    expect(all.totalIsEstimate).toBeUndefined();
    expect(all.facetsAreEstimates).toBe(true);
    expect(counts(all)).toEqual(byStatus);
    expect(all.rows).toHaveLength(10);
    expect(Object.keys(all.facets).sort()).toEqual(['designer', 'paid', 'qc', 'service', 'status']);
    // Statuses chosen: still the kept counts.
    const paid = await repo.list(query({ status: 'paid,in_qc', size: '10' }), ALL);
    expect(paid.total).toBe(expected((o) => o.status === 'paid' || o.status === 'in_qc'));
    expect(paid.totalIsEstimate).toBeUndefined();
    // Another facet narrows it past the bound: estimated from the sample, and said so.
    const [ana] = DESIGNERS as [string];
    const designed = await repo.list(query({ designer: ana, size: '10' }), ALL);
    expect(designed.totalIsEstimate).toBe(true);
    expect(designed.facetsAreEstimates).toBe(true);
    expect(designed.total).toBeGreaterThan(5);
    expect(designed.rows.every((row) => row.designerDiscordId === ana)).toBe(true);
    // A scope (a designer's own orders) past the bound: estimated too.
    const own = await repo.list(query({ size: '10' }), { kind: 'designer', discordId: ana });
    expect(own.totalIsEstimate).toBe(true);
    expect(own.rows.every((row) => row.designerDiscordId === ana)).toBe(true);
    // A filtered set the bounded count reaches is counted exactly, and paged to its end.
    const few = await repo.list(query({ q: 'lighthouse', size: '10' }), ALL);
    expect(few).toMatchObject({ total: 3, page: 1 });
    expect(few.totalIsEstimate).toBeUndefined();
    expect(few.facetsAreEstimates).toBeUndefined();
  });

  it('names a chosen value no row has, with a count of 0', async () => {
    const repo = createStaffOrdersRepository(database.db);
    const nobody = '100000000000000009';
    const page = await repo.list(query({ designer: `${DESIGNERS[0]},${nobody}` }), ALL);
    expect(page.facets.designer).toContainEqual(
      expect.objectContaining({ value: nobody, count: 0 }),
    );
    const none = await repo.list(query({ q: 'nobody-at-all', status: 'paid' }), ALL);
    expect(none.facets.status).toEqual([{ value: 'paid', count: 0 }]);
  });

  it('rounds an estimate to two figures', () => {
    expect([0.4, 7, 99.4, 123, 1_234, 98_765, 921_600].map(roughly)).toEqual([
      1, 7, 99, 120, 1_200, 99_000, 920_000,
    ]);
  });

  it('finds the page window: the second half from the end', () => {
    expect(pageWindow({ total: 33, estimated: false }, 1, 10)).toEqual({
      page: 1,
      reverse: false,
      offset: 0,
      limit: 10,
    });
    expect(pageWindow({ total: 33, estimated: false }, 4, 10)).toEqual({
      page: 4,
      reverse: true,
      offset: 0,
      limit: 3,
    });
    expect(pageWindow({ total: 33, estimated: false }, 3, 10)).toEqual({
      page: 3,
      reverse: true,
      offset: 3,
      limit: 10,
    });
    expect(pageWindow({ total: 0, estimated: false }, 9, 10)).toMatchObject({ page: 1, limit: 0 });
    // An estimate: the second half counted back from the end in whole pages.
    expect(pageWindow({ total: 1000, estimated: true }, 90, 10)).toEqual({
      page: 90,
      reverse: true,
      offset: 100,
      limit: 10,
    });
    expect(pageWindow({ total: 1000, estimated: true }, 40, 10)).toEqual({
      page: 40,
      reverse: false,
      offset: 390,
      limit: 10,
    });
  });
});
