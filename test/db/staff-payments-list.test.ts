import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_SORTS,
  type PaymentCheck,
  PaymentListQuerySchema,
  type PaymentMethod,
  type PaymentState,
} from '../../core/payments/staff-list';
import { createPeopleRepository } from '../../db/repositories/people';
import { createStaffPaymentsRepository } from '../../db/repositories/staff-payments';
import { orderCardPayments, orderPayments } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { insertOrder } from '../support/orders';

// The Payments list on the shared counting and paging (db/repositories/list-query.ts, decision
// 052): its facets read the payment rows by subqueries on `orders`, so each count is checked
// against the same rule computed here; the search by prefixes; the sorts whose rows may lack
// the value (paid, checked) keep those rows last both ways, across pages read from either end.

const CUSTOMERS = ['200000000000000001', '200000000000000002', '200000000000000003'];
const CHECKS = ['not_yet', 'owned', 'private_inventory', null] as const;

// 24 orders: every third unpaid; a Robux payment row on three in four (some never checked,
// one in seven escalated); a card price on one in four, paid by card when paid; one refunded.
const ORDERS = Array.from({ length: 24 }, (_, i) => {
  const paid = i % 3 !== 0;
  return {
    id: `pm-${String(i).padStart(2, '0')}`,
    status: paid ? ('paid' as const) : ('awaiting_payment' as const),
    customerDiscordId: CUSTOMERS[i % 3] as string,
    customerRobloxUsername: i % 5 === 0 ? `Harbor${i}` : `Roblox${i}`,
    priceRobux: 100 * (1 + (i % 4)),
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
    paidAt: paid ? new Date(Date.UTC(2026, 1, 1 + ((i * 5) % 24))) : null,
    paidWith: paid && i % 4 === 1 ? 'card' : null,
    refundedAt: i === 8 ? new Date(Date.UTC(2026, 2, 1)) : null,
    payment:
      i % 4 === 3
        ? null
        : {
            lastCheckResult: CHECKS[i % 4 === 0 ? 3 : ((i % 3) as 0 | 1 | 2)],
            lastCheckAt: i % 4 === 0 ? null : new Date(Date.UTC(2026, 0, 2 + ((i * 7) % 24), 12)),
            escalatedAt: i % 7 === 0 ? new Date(Date.UTC(2026, 0, 3 + i)) : null,
          },
    card: i % 4 === 1,
  };
});
type Order = (typeof ORDERS)[number];

// The rules of core/payments/staff-list.ts, row by row.
const stateOf = (o: Order): PaymentState =>
  o.status === 'awaiting_payment' ? 'awaiting' : o.refundedAt ? 'refunded' : 'paid';
const methodOf = (o: Order): PaymentMethod =>
  o.paidWith === 'card'
    ? 'card'
    : o.status !== 'awaiting_payment'
      ? 'robux'
      : o.card
        ? 'robux_or_card'
        : 'robux';
const checkOf = (o: Order): PaymentCheck =>
  o.payment?.escalatedAt ? 'escalated' : (o.payment?.lastCheckResult ?? 'not_checked');

const query = (params: Record<string, string>) => PaymentListQuerySchema.parse(params);

/** A facet's counts as the contract says them: most first, then by value. */
function countsOf(rows: readonly Order[], facetOf: (o: Order) => string) {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(facetOf(row), (counts.get(facetOf(row)) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

describe.each(DRIVERS)('payments list counts and pages on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const db = database.db;
    for (const { payment, card, ...order } of ORDERS) {
      await insertOrder(db, order);
      if (payment)
        await db.insert(orderPayments).values({ orderId: order.id, passPrice: 150, ...payment });
      if (card) {
        await db
          .insert(orderCardPayments)
          .values({ orderId: order.id, amount: 1500, currency: 'usd' });
      }
    }
    await createPeopleRepository(db).remember([
      { discordId: CUSTOMERS[0] as string, username: 'marisol', globalName: 'Sol', avatar: null },
      {
        discordId: CUSTOMERS[1] as string,
        username: 'quinn',
        globalName: 'Beacon',
        nick: 'Lighthouse',
        avatar: null,
      },
    ]);
  });
  afterAll(() => database.close());

  it('counts each facet from the payment rows, without its own filter', async () => {
    const repo = createStaffPaymentsRepository(database.db);
    const page = await repo.list(
      query({ status: 'awaiting,refunded', check: 'not_yet,not_checked,escalated' }),
    );
    const inStatus = (o: Order) => ['awaiting', 'refunded'].includes(stateOf(o));
    const inCheck = (o: Order) => ['not_yet', 'not_checked', 'escalated'].includes(checkOf(o));
    const matching = ORDERS.filter((o) => inStatus(o) && inCheck(o));
    expect(page.total).toBe(matching.length);
    expect(page.rows.map((row) => row.orderId).sort()).toEqual(matching.map((o) => o.id).sort());
    expect(page.totalIsEstimate).toBeUndefined();
    expect(page.facetsAreEstimates).toBeUndefined();
    expect(page.facets.status).toEqual(countsOf(ORDERS.filter(inCheck), stateOf));
    expect(page.facets.check).toEqual(countsOf(ORDERS.filter(inStatus), checkOf));
    expect(page.facets.method).toEqual(countsOf(matching, methodOf));
    // Every value appears somewhere in the fixture: the rules are all exercised.
    const all = await repo.list(query({}));
    expect(all.facets.method?.map((each) => each.value).sort()).toEqual([
      'card',
      'robux',
      'robux_or_card',
    ]);
    expect(all.facets.status?.map((each) => each.value).sort()).toEqual([
      'awaiting',
      'paid',
      'refunded',
    ]);
    expect(all.facets.check).toEqual(countsOf(ORDERS, checkOf));
  });

  it('searches the starts of the order id, Roblox name and customer names, and the id', async () => {
    const repo = createStaffPaymentsRepository(database.db);
    const found = async (q: string) =>
      (await repo.list(query({ q }))).rows.map((row) => row.orderId).sort();
    const ids = (where: (o: Order) => boolean) =>
      ORDERS.filter(where)
        .map((o) => o.id)
        .sort();
    expect(await found('PM-1')).toEqual(ids((o) => o.id.startsWith('pm-1')));
    expect(await found('harbor')).toEqual(
      ids((o) => o.customerRobloxUsername.startsWith('Harbor')),
    );
    // The customer's Discord username and display name, from people.
    expect(await found('Maris')).toEqual(ids((o) => o.customerDiscordId === CUSTOMERS[0]));
    expect(await found('beac')).toEqual(ids((o) => o.customerDiscordId === CUSTOMERS[1]));
    // And the nickname in the studio's server, as the Orders list searches.
    expect(await found('lighth')).toEqual(ids((o) => o.customerDiscordId === CUSTOMERS[1]));
    expect(await found(CUSTOMERS[2] as string)).toEqual(
      ids((o) => o.customerDiscordId === CUSTOMERS[2]),
    );
    // Starts only (an index's prefix), and `%` is a character, not a wildcard.
    expect(await found('arbor')).toEqual([]);
    expect(await found('%')).toEqual([]);
    const searched = await repo.list(query({ q: 'harbor', status: 'paid' }));
    expect(searched.total).toBe(
      ORDERS.filter((o) => o.customerRobloxUsername.startsWith('Harbor') && stateOf(o) === 'paid')
        .length,
    );
  });

  it('names a chosen value no row has, with a count of 0', async () => {
    const repo = createStaffPaymentsRepository(database.db);
    const page = await repo.list(query({ check: 'key_refused,owned', method: 'card' }));
    expect(page.facets.check).toContainEqual({ value: 'key_refused', count: 0 });
    const none = await repo.list(query({ q: 'nobody-at-all', status: 'refunded' }));
    expect(none).toMatchObject({ rows: [], total: 0, page: 1 });
    expect(none.facets.status).toEqual([{ value: 'refunded', count: 0 }]);
  });

  it('estimates the counts of a set past the exact limit, exact once a search narrows it', async () => {
    const repo = createStaffPaymentsRepository(database.db, { exactLimit: 5 });
    const all = await repo.list(query({ size: '10' }));
    expect(all.totalIsEstimate).toBe(true);
    expect(all.facetsAreEstimates).toBe(true);
    expect(all.total).toBeGreaterThan(5);
    expect(all.rows).toHaveLength(10);
    expect(Object.keys(all.facets).sort()).toEqual(['check', 'method', 'status']);
    // A facet narrowing the set within the bound: the total is exact, the facets sampled.
    const refunded = await repo.list(query({ status: 'refunded' }));
    expect(refunded.total).toBe(1);
    expect(refunded.totalIsEstimate).toBeUndefined();
    expect(refunded.rows.map((row) => row.orderId)).toEqual(['pm-08']);
    // A search the bounded count reaches: every figure exact.
    const few = await repo.list(query({ q: 'harbor' }));
    expect(few.total).toBe(ORDERS.filter((o) => o.customerRobloxUsername.startsWith('H')).length);
    expect(few.totalIsEstimate).toBeUndefined();
    expect(few.facetsAreEstimates).toBeUndefined();
  });

  it('pages every sort both ways, rows without the value last either way', async () => {
    const repo = createStaffPaymentsRepository(database.db);
    const lacking: Record<string, (o: Order) => boolean> = {
      paid: (o) => o.paidAt === null,
      checked: (o) => !o.payment?.lastCheckAt,
    };
    for (const sort of PAYMENT_SORTS) {
      for (const order of ['asc', 'desc']) {
        // Page 3 (past the middle) is read from the end and turned back.
        const pages = await Promise.all(
          [1, 2, 3].map((page) =>
            repo.list(query({ sort, order, size: '10', page: String(page) })),
          ),
        );
        const rows = pages.flatMap((page) => page.rows);
        const seen = rows.map((row) => row.orderId);
        expect(new Set(seen).size, `${sort} ${order}`).toBe(ORDERS.length);
        // The rows with a value are in its order.
        const sortedValue = {
          created: (row: (typeof rows)[number]) => row.createdAt,
          paid: (row: (typeof rows)[number]) => row.paidAt,
          checked: (row: (typeof rows)[number]) => row.lastCheckAt,
          amount: (row: (typeof rows)[number]) =>
            String(ORDERS.find((o) => o.id === row.orderId)?.priceRobux ?? ''),
        }[sort];
        const values = rows.map(sortedValue).filter((value): value is string => value !== null);
        const sorted = [...values].sort();
        expect(values, `${sort} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
        const lacks = lacking[sort];
        if (lacks) {
          const without = ORDERS.filter(lacks).length;
          expect(without).toBeGreaterThan(0);
          const tail = seen.slice(ORDERS.length - without);
          expect(tail.every((id) => lacks(ORDERS.find((o) => o.id === id) as Order))).toBe(true);
        }
      }
    }
  });

  it('reads every page of a sort some orders lack, from either end, with facets and search', async () => {
    const repo = createStaffPaymentsRepository(database.db);
    const sortValue: Record<string, (o: Order) => Date | null> = {
      paid: (o) => o.paidAt,
      checked: (o) => o.payment?.lastCheckAt ?? null,
    };
    const filters: [Record<string, string>, (o: Order) => boolean][] = [
      [{}, () => true],
      // No awaiting order is paid: the part with the value is empty.
      [{ status: 'awaiting' }, (o) => stateOf(o) === 'awaiting'],
      [
        { q: 'roblox', method: 'robux' },
        (o) => o.customerRobloxUsername.startsWith('Roblox') && methodOf(o) === 'robux',
      ],
    ];
    for (const [sort, value] of Object.entries(sortValue)) {
      for (const order of ['asc', 'desc'] as const) {
        for (const [filter, matches] of filters) {
          // The order the list promises: the rows with the value by it, then the others, each
          // tie (and the rows without) by id in the same direction.
          const sign = order === 'asc' ? 1 : -1;
          const byId = (a: Order, b: Order) => sign * a.id.localeCompare(b.id);
          const matching = ORDERS.filter(matches);
          const valued = matching
            .filter((o) => value(o) !== null)
            .sort((a, b) => sign * (Number(value(a)) - Number(value(b))) || byId(a, b));
          const expected = [...valued, ...matching.filter((o) => value(o) === null).sort(byId)];
          // Sizes that put a page's start on either side of where the parts meet, and past
          // it, both when the page is read from the start and from the end.
          for (const size of [2, 3, 5]) {
            const label = `${sort} ${order} ${JSON.stringify(filter)} size ${size}`;
            const pages = Math.ceil(expected.length / size);
            for (let page = 1; page <= pages; page++) {
              // Below the contract's page sizes, so few orders cross where the parts meet.
              const read = await repo.list({
                ...query({ ...filter, sort, order, page: String(page) }),
                size,
              });
              expect(
                read.rows.map((row) => row.orderId),
                `${label} page ${page}`,
              ).toEqual(expected.slice((page - 1) * size, page * size).map((o) => o.id));
            }
          }
        }
      }
    }
  });
});
