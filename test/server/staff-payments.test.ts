import { and, eq, isNotNull } from 'drizzle-orm';
import { register } from 'prom-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROBLOX_CHECK_ACTOR_ID } from '../../core/orders';
import type { PaymentFigures, PaymentRow } from '../../core/payments/staff-list';
import type { ListPage } from '../../core/shared/list-page';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createPaymentsRepository } from '../../db/repositories/payments';
import { createPeopleRepository } from '../../db/repositories/people';
import { orderEvents, orderMessages, orderPayments, staffUsers } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { insertOrder } from '../support/orders';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// The dashboard's Payments page (issue 31): the list on the list contract, Verify as the same
// state-machine operation as the Discord button, and the Overview's payment figures.

const DESIGNER = '100000000000000001';
const CUSTOMER = '200000000000000001';
const HOUR = 60 * 60_000;

describe.each(DRIVERS)('staff payments on %s', (driver) => {
  const server = useTestApp(driver);
  let verifier: string;
  let verifierId: string;
  let executive: string;
  let designer: string;
  let lead: string;
  const now = Date.now();

  /** An order awaiting payment with its Robux payment row, as /createpayment leaves it. */
  async function awaiting(id: string, payment: Partial<typeof orderPayments.$inferInsert> = {}) {
    const db = server.database.db;
    await insertOrder(db, {
      id,
      designerDiscordId: DESIGNER,
      customerDiscordId: CUSTOMER,
      customerRobloxUsername: 'Cara_R',
      priceRobux: 700,
      createdAt: new Date(now - HOUR),
    });
    await db.insert(orderPayments).values({ orderId: id, passPrice: 1000, ...payment });
  }

  beforeAll(async () => {
    const db = server.database.db;
    await createPeopleRepository(db).remember({
      discordId: CUSTOMER,
      username: 'cara',
      globalName: 'Cara',
      avatar: null,
    });
    await awaiting('pay-1', {
      gamePassId: '501',
      passOnSale: true,
      lastCheckResult: 'not_yet',
      lastCheckAt: new Date(now - 5 * 60_000),
    });
    await awaiting('pay-2', {
      gamePassId: '502',
      lastCheckResult: 'private_inventory',
      lastCheckAt: new Date(now - 60_000),
      escalatedAt: new Date(now - 60_000),
      escalationReason: 'Cara_R’s inventory is private, so the bot cannot see the purchase.',
    });
    await insertOrder(db, {
      id: 'pay-3',
      designerDiscordId: DESIGNER,
      customerDiscordId: CUSTOMER,
      status: 'paid',
      priceRobux: 350,
      createdAt: new Date(now - 3 * HOUR),
      paidAt: new Date(now - HOUR),
      paymentVerifiedBy: ROBLOX_CHECK_ACTOR_ID,
    });
    const member = await signInAsStaff(db, ['payment_verifier']);
    verifier = member.cookie;
    verifierId = member.member.discordId;
    executive = (await signInAsStaff(db, ['executive'])).cookie;
    designer = (await signInAsStaff(db, ['designer'])).cookie;
    lead = (await signInAsStaff(db, ['lead'])).cookie;
  });

  const get = (url: string, cookie = verifier) =>
    server.app.inject({ method: 'GET', url, headers: { cookie } });
  const list = async (query = '', cookie = verifier) => {
    const response = await get(`/api/staff/payments${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListPage<PaymentRow>;
  };
  const verify = (orderId: string, cookie = verifier) =>
    server.app.inject({
      method: 'POST',
      url: `/api/staff/payments/${orderId}/verify`,
      headers: { cookie, origin: SITE_ORIGIN },
    });
  const receipts = (orderId: string) =>
    server.database.db
      .select()
      .from(orderMessages)
      .where(and(eq(orderMessages.orderId, orderId), isNotNull(orderMessages.dmUserId)));
  /** lunar_payments_total{method="robux",verified_by="person"} in this process. */
  const personVerified = async () => {
    const metric = register.getSingleMetric('lunar_payments_total');
    const values = metric ? (await metric.get()).values : [];
    const value = values.find(
      (v) => v.labels.method === 'robux' && v.labels.verified_by === 'person',
    )?.value;
    return value ?? 0;
  };
  const verifiedEvents = (orderId: string) =>
    server.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'payment_verified')));

  it('lists payments on the list contract, with the check’s last word and the facets', async () => {
    const page = await list('?status=awaiting&sort=created&order=asc');
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    const byId = Object.fromEntries(page.rows.map((row) => [row.orderId, row]));
    expect(byId['pay-1']).toMatchObject({
      status: 'awaiting',
      method: 'robux',
      customerName: 'Cara',
      robloxUsername: 'Cara_R',
      amountRobux: 1000,
      cardAmount: null,
      check: 'not_yet',
    });
    expect(byId['pay-2']).toMatchObject({
      check: 'escalated',
      escalationReason: 'Cara_R’s inventory is private, so the bot cannot see the purchase.',
    });
    // A facet's counts leave out its own filter: ticking "paid" would add one.
    expect(page.facets.status).toEqual([
      { value: 'awaiting', count: 2 },
      { value: 'paid', count: 1 },
    ]);
    expect(page.facets.method).toEqual([{ value: 'robux', count: 2 }]);
    expect(page.facets.check).toEqual([
      { value: 'escalated', count: 1 },
      { value: 'not_yet', count: 1 },
    ]);

    // Several values of one facet are OR-ed; the search and the facets AND-ed.
    expect((await list('?check=escalated,not_checked')).rows.map((r) => r.orderId).sort()).toEqual([
      'pay-2',
      'pay-3',
    ]);
    expect((await list('?q=PAY-3')).rows.map((r) => r.orderId)).toEqual(['pay-3']);
    expect((await list('?q=cara&status=paid')).rows.map((r) => r.orderId)).toEqual(['pay-3']);
    // A paid order without a payment row: the fee-inclusive amount /createpayment named.
    expect((await list('?status=paid')).rows[0]).toMatchObject({ amountRobux: 500 });
    // Past the last page: the last page.
    expect(await list('?size=10&page=9')).toMatchObject({ page: 1, total: 3 });
  });

  it('answers a bad query with a 400 in words, never a 500', async () => {
    const bad = await get('/api/staff/payments?status=lost&size=7');
    expect(bad.statusCode).toBe(400);
    const errors = Object.values(bad.json().fieldErrors as Record<string, string>);
    expect(errors).toEqual(
      expect.arrayContaining([
        'Status must be one of awaiting, paid, refunded',
        'Size must be one of 10, 25, 50, 100',
      ]),
    );
  });

  it('is for payment verifiers and executives: a designer or a lead gets a 403', async () => {
    expect((await list('', executive)).total).toBe(3);
    for (const cookie of [designer, lead]) {
      expect((await get('/api/staff/payments', cookie)).statusCode).toBe(403);
      expect((await get('/api/staff/payments/figures', cookie)).statusCode).toBe(403);
      expect((await verify('pay-1', cookie)).statusCode).toBe(403);
    }
    expect((await get('/api/staff/payments')).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/staff/payments' })).statusCode).toBe(401);
  });

  it('verifies from the dashboard as the button does: paid, the ticket told, one receipt', async () => {
    const before = await personVerified();
    const response = await verify('pay-1');
    expect(response.statusCode, response.body).toBe(200);
    const order = await createOrdersRepository(server.database.db).findOrder('pay-1');
    expect(order).toMatchObject({ status: 'paid', paymentVerifiedBy: verifierId });
    expect(await verifiedEvents('pay-1')).toHaveLength(1);
    // No more automatic checks; the pass goes off sale through the job.
    const payment = await createPaymentsRepository(server.database.db).findPayment('pay-1');
    expect(payment).toMatchObject({ nextCheckAt: null, pressed: false });
    expect(payment?.passSyncAt).not.toBeNull();
    const [receipt, ...more] = await receipts('pay-1');
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ dmUserId: CUSTOMER, fallbackPayload: null });
    type Payload = { embeds: { fields: { name: string; value: string }[] }[] };
    const embed = (receipt?.payload as Payload | undefined)?.embeds[0];
    expect(embed?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Amount', value: '1,000 R$', inline: true },
        { name: 'Method', value: 'Robux', inline: true },
        { name: 'Order', value: 'pay-1', inline: true },
      ]),
    );

    // A second verifier: a 409 saying who was first, nothing written twice.
    const again = await verify('pay-1', executive);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `The payment of order pay-1 was already verified by member-payment_verifier.`,
    );
    expect(await verifiedEvents('pay-1')).toHaveLength(1);
    expect(await receipts('pay-1')).toHaveLength(1);
    // Counted once, as a person's verification of a Robux payment.
    expect(await personVerified()).toBe(before + 1);
  });

  it('answers an unknown order with a 404 and the designer’s own order with a 403', async () => {
    expect((await verify('no-such-order')).statusCode).toBe(404);
    await awaiting('pay-own');
    const own = await signInAsStaff(server.database.db, ['executive'], 'own-designer');
    await server.database.db
      .update(staffUsers)
      .set({ discordId: DESIGNER })
      .where(eq(staffUsers.id, own.member.id));
    const refused = await verify('pay-own', own.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).not.toContain('<@');
    expect((await createOrdersRepository(server.database.db).findOrder('pay-own'))?.status).toBe(
      'awaiting_payment',
    );
  });

  it('a dashboard Verify racing the automatic check makes one transition and one receipt', async () => {
    for (const id of ['race-1', 'race-2', 'race-3']) {
      await awaiting(id, { gamePassId: `9${id.slice(-1)}` });
      const orders = createOrdersRepository(server.database.db);
      const payments = createPaymentsRepository(server.database.db);
      const at = new Date();
      const [person, check] = await Promise.all([
        verify(id),
        // What the Roblox check runs when it sees the purchase (bot/payments/robux-payments.ts).
        orders.applyOrderCommand(
          { type: 'verifyPayment', orderId: id },
          { discordId: ROBLOX_CHECK_ACTOR_ID, roles: new Set(['payment_verifier']) },
          at,
          () => [],
          (tx) => payments.recordPaid(id, at, tx),
        ),
      ]);
      expect([person.statusCode, check.ok ? 'ok' : 'refused'].sort()).toEqual(
        check.ok ? [409, 'ok'] : [200, 'refused'],
      );
      expect(person.statusCode).not.toBe(500);
      expect(await verifiedEvents(id)).toHaveLength(1);
      expect(await receipts(id)).toHaveLength(1);
    }
  });

  it('gives the Overview the median time to paid and the share verified automatically', async () => {
    const db = server.database.db;
    await insertOrder(db, {
      id: 'fig-old',
      status: 'paid',
      createdAt: new Date(now - 40 * 24 * HOUR),
      paidAt: new Date(now - 40 * 24 * HOUR),
      paymentVerifiedBy: '300000000000000123',
    });
    const response = await get('/api/staff/payments/figures', executive);
    expect(response.statusCode).toBe(200);
    const figures = response.json() as PaymentFigures;
    // In the window: pay-3 (2 h, the Roblox check), pay-1 and the races (about an hour or
    // less, people or the check); fig-old is out of it.
    expect(figures.days).toBe(30);
    expect(figures.paid).toBe(5);
    expect(figures.automatic + figures.byPerson).toBe(5);
    expect(figures.automatic).toBeGreaterThanOrEqual(1);
    expect(figures.medianMinutesToPaid).toBeGreaterThanOrEqual(59);
    expect(figures.medianMinutesToPaid).toBeLessThanOrEqual(121);
  });
});
