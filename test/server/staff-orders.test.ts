import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../core/orders/staff-list';
import { createPeopleRepository } from '../../db/repositories/people';
import { orders, staffUsers } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { insertOrder, insertOrderEvent } from '../support/orders';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const ANA = '100000000000000001';
const BEN = '100000000000000002';
const CUSTOMER = '200000000000000001';
/** Who the order events name (test/support/orders.ts). */
const ACTOR = '100000000000000099';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12, 0, 0, 0));

// Ten orders: two designers, every status family, prices with ties (the id breaks them).
const ORDERS = [
  { id: 'o-01', designerDiscordId: ANA, priceRobux: 500, createdAt: day(1) },
  {
    id: 'o-02',
    designerDiscordId: BEN,
    priceRobux: 300,
    createdAt: day(2),
    status: 'paid',
    paidAt: day(2),
  },
  {
    id: 'o-03',
    designerDiscordId: ANA,
    priceRobux: 300,
    createdAt: day(3),
    status: 'in_qc',
    paidAt: day(3),
    qcAttempts: 1,
  },
  {
    id: 'o-04',
    designerDiscordId: BEN,
    priceRobux: 900,
    createdAt: day(4),
    status: 'qc_passed',
    paidAt: day(4),
    qcAttempts: 1,
    qcReviewedBy: ANA,
  },
  {
    id: 'o-05',
    designerDiscordId: ANA,
    priceRobux: 100,
    createdAt: day(5),
    status: 'qc_changes_requested',
    paidAt: day(5),
    qcAttempts: 1,
    qcReviewedBy: BEN,
    qcChangesReason: 'Fix the logo',
  },
  {
    id: 'o-06',
    designerDiscordId: BEN,
    priceRobux: 700,
    createdAt: day(6),
    customerDiscordId: CUSTOMER,
    customerRobloxUsername: 'BlockFan',
  },
  {
    id: 'o-07',
    designerDiscordId: ANA,
    priceRobux: 300,
    createdAt: day(7),
    status: 'delivered',
    paidAt: day(7),
    customerRobloxUsername: 'blockfan',
  },
  {
    id: 'o-08',
    designerDiscordId: BEN,
    priceRobux: 200,
    createdAt: day(8),
    status: 'logged',
    paidAt: day(8),
    loggedAt: day(9),
    designerShareRobux: 160,
  },
  {
    id: 'o-09',
    designerDiscordId: ANA,
    priceRobux: 800,
    createdAt: day(9),
    status: 'reviewed',
    paidAt: day(9),
  },
  {
    id: 'o-10',
    designerDiscordId: BEN,
    priceRobux: 100,
    createdAt: day(10),
    status: 'awaiting_payment',
  },
] as const;

type Listed = {
  rows: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
  facets: Record<string, { value: string; count: number }[]>;
};

describe.each(DRIVERS)('GET /api/staff/orders on %s', (driver) => {
  const server = useTestApp(driver);
  let lead: string;
  let ana: string;

  beforeAll(async () => {
    for (const order of ORDERS)
      await insertOrder(server.database.db, { ...order, updatedAt: order.createdAt });
    await insertOrderEvent(server.database.db, 'o-03', 'payment_verified', day(3));
    await insertOrderEvent(
      server.database.db,
      'o-03',
      'qc_submitted',
      new Date(day(3).getTime() + 1000),
      { attempt: 1 },
    );
    lead = (await signInAsStaff(server.database.db, ['lead'])).cookie;
    const designer = await signInAsStaff(server.database.db, ['designer'], 'ana');
    // The designer signed in is Ana: the fixture's designer ids are hers and Ben's.
    await server.database.db
      .update(staffUsers)
      .set({ discordId: ANA })
      .where(eq(staffUsers.id, designer.member.id));
    ana = designer.cookie;
    // Ben never signed in to the dashboard, nor did the customer: the bot saw them in Discord.
    await createPeopleRepository(server.database.db).remember([
      { discordId: BEN, username: 'ben.builds', globalName: 'Ben', nick: 'Ben B.', avatar: null },
      { discordId: CUSTOMER, username: 'blockfan', globalName: 'Block Fan', avatar: null },
      { discordId: ACTOR, username: 'verifier.vic', globalName: null, nick: null, avatar: null },
    ]);
  });

  async function list(query: string, cookie = lead) {
    const response = await server.app.inject({
      url: `/api/staff/orders?${query}`,
      headers: { cookie },
    });
    return { status: response.statusCode, body: response.json() as Listed & { message?: string } };
  }

  /** Every page of `query` by page number, in order. */
  async function allPages(query: string, cookie = lead): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await list(`${query}&size=10&page=${page}`, cookie);
      expect(status).toBe(200);
      ids.push(...body.rows.map((item) => item.id));
      if (page * body.pageSize >= body.total) return ids;
    }
  }

  const sortedIds = (
    key: (order: (typeof ORDERS)[number]) => string | number,
    dir: 'asc' | 'desc',
  ) =>
    [...ORDERS]
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const byKey = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
        return dir === 'asc' ? byKey : -byKey;
      })
      .map((order) => order.id);

  const STATUS_ORDER = [
    'awaiting_payment',
    'paid',
    'in_qc',
    'qc_passed',
    'qc_changes_requested',
    'delivered',
    'logged',
    'reviewed',
  ];

  it('pages through every sort in both directions, each order once, in order', async () => {
    const keys = {
      created: (order: (typeof ORDERS)[number]) => order.createdAt.getTime(),
      price: (order: (typeof ORDERS)[number]) => order.priceRobux,
      status: (order: (typeof ORDERS)[number]) =>
        STATUS_ORDER.indexOf('status' in order ? order.status : 'awaiting_payment'),
      id: (order: (typeof ORDERS)[number]) => order.id,
    };
    for (const [sort, key] of Object.entries(keys)) {
      for (const dir of ['asc', 'desc'] as const) {
        expect(await allPages(`sort=${sort}&order=${dir}`), `${sort} ${dir}`).toEqual(
          sortedIds(key, dir),
        );
      }
    }
  });

  it('answers newest first by default, with the designer and QC outcome, and a count', async () => {
    const { body } = await list('');
    expect(body.rows.map((item) => item.id).slice(0, 2)).toEqual(['o-10', 'o-09']);
    expect(body).toMatchObject({ total: 10, page: 1, pageSize: 25 });
    const { body: all } = await list('size=100');
    const qcOf = Object.fromEntries(all.rows.map((item) => [item.id, item.qc]));
    expect(qcOf).toMatchObject({
      'o-01': 'none',
      'o-03': 'pending',
      'o-04': 'passed',
      'o-05': 'changes_requested',
    });
  });

  it('filters by status, designer, QC, paid and dates, and searches', async () => {
    const ids = async (query: string) => (await allPages(query)).sort();
    expect(await ids('status=paid')).toEqual(['o-02']);
    expect(await ids('status=paid,in_qc')).toEqual(['o-02', 'o-03']);
    expect(await ids(`designer=${BEN}`)).toEqual(['o-02', 'o-04', 'o-06', 'o-08', 'o-10']);
    // The search: a customer's Discord id or name, a Roblox name's start, a designer's name.
    expect(await ids(`q=${CUSTOMER}`)).toEqual(['o-06']);
    expect(await ids('q=Block%20F')).toEqual(['o-06']);
    expect(await ids('q=BLOCKFAN')).toEqual(['o-06', 'o-07']);
    expect(await ids('q=ben')).toEqual(['o-02', 'o-04', 'o-06', 'o-08', 'o-10']);
    expect(await ids('q=o-0')).toHaveLength(9);
    expect(await ids('q=100%25')).toEqual([]);
    expect(await ids('qc=passed')).toEqual(['o-04']);
    expect(await ids('qc=changes_requested')).toEqual(['o-05']);
    expect(await ids('qc=pending')).toEqual(['o-03']);
    expect(await ids('paid=false')).toEqual(['o-01', 'o-06', 'o-10']);
    expect(await ids('paid=true&sort=price')).toEqual([
      'o-02',
      'o-03',
      'o-04',
      'o-05',
      'o-07',
      'o-08',
      'o-09',
    ]);
    expect(await ids('from=2026-01-03&to=2026-01-05')).toEqual(['o-03', 'o-04', 'o-05']);
    expect(await ids(`status=logged&designer=${ANA}`)).toEqual([]);
  });

  it('shows a designer their own orders only, whatever they ask for', async () => {
    expect((await allPages('sort=created', ana)).sort()).toEqual([
      'o-01',
      'o-03',
      'o-05',
      'o-07',
      'o-09',
    ]);
    expect(await allPages(`designer=${BEN}`, ana)).toEqual([]);
    const other = await server.app.inject({
      url: '/api/staff/orders/o-02',
      headers: { cookie: ana },
    });
    expect(other.statusCode).toBe(404);
    const own = await server.app.inject({
      url: '/api/staff/orders/o-03',
      headers: { cookie: ana },
    });
    expect(own.statusCode).toBe(200);
  });

  it('lists every designer who has orders, by name, for the filter', async () => {
    const response = await server.app.inject({
      url: '/api/staff/orders/designers',
      headers: { cookie: lead },
    });
    expect(response.statusCode).toBe(200);
    // Ana by the name she signed in with, Ben (never signed in) as the bot saw him.
    expect(response.json()).toEqual({
      designers: [
        { discordId: ANA, name: 'ana' },
        { discordId: BEN, name: 'Ben B.' },
      ],
    });
    // The designer facet names each one too, and `none` (no ticket) for the service facet.
    const { facets } = (await list('')).body as Listed & {
      facets: Record<string, { value: string; count: number; label?: string }[]>;
    };
    expect(facets.designer).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: ANA, label: 'ana' }),
        expect.objectContaining({ value: BEN, label: 'Ben B.' }),
      ]),
    );
    expect(facets.service).toEqual([
      expect.objectContaining({ value: 'none', label: 'No ticket' }),
    ]);
    const bens = await list(`designer=${BEN}`);
    expect(bens.body.rows.map((order) => order.id).sort()).toEqual([
      'o-02',
      'o-04',
      'o-06',
      'o-08',
      'o-10',
    ]);
    const asDesigner = await server.app.inject({
      url: '/api/staff/orders/designers',
      headers: { cookie: ana },
    });
    expect(asDesigner.statusCode).toBe(403);
  });

  it('names designers and customers in the list; someone never seen keeps their id', async () => {
    const { rows } = (await list('size=100')).body;
    const byId = new Map(rows.map((order) => [order.id, order]));
    expect(byId.get('o-06')).toMatchObject({
      designerName: 'Ben B.',
      customerDiscordId: CUSTOMER,
      customerName: 'Block Fan',
    });
    expect(byId.get('o-01')).toMatchObject({ designerName: 'ana', customerName: null });
    const stranger = '300000000000000042';
    await insertOrder(server.database.db, {
      id: 'o-11',
      designerDiscordId: stranger,
      customerDiscordId: '300000000000000043',
      createdAt: day(11),
      updatedAt: day(11),
    });
    const detail = await server.app.inject({
      url: '/api/staff/orders/o-11',
      headers: { cookie: lead },
    });
    expect(detail.json()).toMatchObject({ designerName: null, customerName: null });
    const designers = await server.app.inject({
      url: '/api/staff/orders/designers',
      headers: { cookie: lead },
    });
    expect(designers.json().designers).toContainEqual({ discordId: stranger, name: stranger });
    await server.database.db.delete(orders).where(eq(orders.id, 'o-11'));
  });

  it('answers an order with its timeline', async () => {
    const response = await server.app.inject({
      url: '/api/staff/orders/O-03',
      headers: { cookie: lead },
    });
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order).toMatchObject({
      id: 'o-03',
      status: 'in_qc',
      designerDiscordId: ANA,
      qc: 'pending',
      review: null,
      payout: null,
    });
    expect(order.events.map((event: { type: string }) => event.type)).toEqual([
      'payment_verified',
      'qc_submitted',
    ]);
    // Each in words, as the bot describes it; a row whose data no longer fits its type's
    // schema (no fileUrl here) falls back to its type. The actor never signed in: named as
    // the bot saw them.
    expect(order.events[0]).toMatchObject({
      summary: 'Payment verified',
      actorDiscordId: ACTOR,
      actorName: 'verifier.vic',
    });
    expect(order).toMatchObject({ designerName: 'ana', customerName: null });
    expect(order.events[1]).toMatchObject({ summary: 'qc submitted' });
    const missing = await server.app.inject({
      url: '/api/staff/orders/nope',
      headers: { cookie: lead },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['status=lost', 'status'],
      ['status=paid,lost', 'status'],
      ['sort=designer', 'sort'],
      ['order=up', 'order'],
      ['size=0', 'size'],
      ['size=30', 'size'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['qc=maybe', 'qc'],
      ['paid=yes', 'paid'],
      ['designer=ana', 'designer'],
      ['service=banners', 'service'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['from=2026-02-30', 'from'],
      ['from=2026-01-05&to=2026-01-01', 'from'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await list(query);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(Object.keys((body as { fieldErrors?: object }).fieldErrors ?? {}), query).toContain(
        field,
      );
    }
    const { body } = await list('size=30');
    expect(JSON.stringify(body)).toContain('Size must be one of 10, 25, 50, 100');
  });
});
