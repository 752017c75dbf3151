import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_ACTOR_ID } from '../../core/orders';
import { PayoutQuerySchema } from '../../core/orders/payouts';
import { createCardPayments } from '../../db/card-payments';
import { createCardPaymentsRepository } from '../../db/repositories/card-payments';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createPayoutsRepository } from '../../db/repositories/payouts';
import { orderMessages, orderRefunds, orders, stripeEvents } from '../../db/schema';
import { testConfig } from '../support/app';
import { DRIVERS } from '../support/database';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { insertOrder } from '../support/orders';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { signedWebhook, signStripePayload, stripeEvent } from '../support/stripe-signature';
import { useTestApp } from '../support/use-test-app';

// Card payments through Stripe Checkout against the fake Stripe (test/support/fake-stripe.ts):
// the checkout link, the signed webhook paying the order through the state machine, and the
// executives' refunds.

// One fake Stripe per database: order ids repeat across the two runs, as two studios' would.
const fakes: Record<string, FakeStripe> = {};
for (const driver of DRIVERS) fakes[driver] = await startFakeStripe();
afterAll(() => Promise.all(Object.values(fakes).map((fake) => fake.close())));

const WEBHOOK = '/api/payments/stripe/webhook';
const DESIGNER = '100000000000000001';
const CUSTOMER = '100000000000000077';

describe.each(DRIVERS)('card payments through Stripe on %s', (driver) => {
  const stripe = fakes[driver] as FakeStripe;
  const server = useTestApp(driver, { env: stripe.env });
  const db = () => server.database.db;
  let executive: string;
  let executive2: string;

  beforeAll(async () => {
    executive = (await signInAsStaff(db(), ['executive'], 'ava')).cookie;
    executive2 = (await signInAsStaff(db(), ['executive'], 'eli')).cookie;
  });

  /** An unpaid order with a card price of $15.00. */
  async function cardOrder(id: string, amount = 1500) {
    await insertOrder(db(), {
      id,
      designerDiscordId: DESIGNER,
      customerDiscordId: CUSTOMER,
      priceRobux: 700,
    });
    await db().transaction((tx) =>
      createCardPaymentsRepository(db()).saveCardPayment(tx, {
        orderId: id,
        amount,
        currency: 'usd',
        at: new Date(),
      }),
    );
  }
  const checkout = (id: string) =>
    server.app.inject({ method: 'GET', url: `/api/payments/card/${id}/checkout` });
  const deliver = (evt: unknown, options: { timestamp?: number; secret?: string } = {}) => {
    const { secret = stripe.webhookSecret, ...rest } = options;
    const { payload, headers } = signedWebhook(evt, secret, rest);
    return server.app.inject({ method: 'POST', url: WEBHOOK, headers, payload });
  };
  const cardOf = (id: string) => createCardPaymentsRepository(db()).findCardPayment(id);
  const orderOf = (id: string) => createOrdersRepository(db()).findOrder(id);
  const verifications = async (id: string) =>
    (await createOrdersRepository(db()).listEvents(id)).filter(
      (e) => e.type === 'payment_verified',
    );
  async function paidSession(id: string) {
    expect((await checkout(id)).statusCode).toBe(303);
    const session = stripe.sessionsFor(id).at(-1);
    if (!session) throw new Error('no session');
    return stripe.pay(session.id);
  }
  async function paidOrder(id: string) {
    await cardOrder(id);
    const session = await paidSession(id);
    expect((await deliver(stripeEvent('checkout.session.completed', session))).statusCode).toBe(
      200,
    );
    return session;
  }

  it('sends the customer to a Checkout Session for the order’s card price, made once', async () => {
    await cardOrder('c-1');
    const first = await checkout('c-1');
    expect(first.statusCode).toBe(303);
    const [session, ...more] = stripe.sessionsFor('c-1');
    expect(more).toEqual([]);
    expect(first.headers.location).toBe(session?.url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 1500,
      currency: 'usd',
      client_reference_id: 'c-1',
      metadata: { order_id: 'c-1' },
      success_url: 'http://localhost:3000/orders?order=c-1&card=paid',
      cancel_url: 'http://localhost:3000/orders?order=c-1&card=cancelled',
      line_items: [{ name: 'Lunar order c-1', amount: 1500, quantity: 1 }],
    });
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)).toMatchObject({
      idempotencyKey: 'lunar-checkout:c-1:1500:1',
    });
    // Asked again: the same open session, nothing new at Stripe.
    expect((await checkout('c-1')).headers.location).toBe(session?.url);
    expect(stripe.sessionsFor('c-1')).toHaveLength(1);
  });

  it('replaces an expired session when the link is opened again', async () => {
    await cardOrder('c-2');
    await checkout('c-2');
    const [old] = stripe.sessionsFor('c-2');
    const expired = stripe.expire(old?.id ?? '');
    expect((await deliver(stripeEvent('checkout.session.expired', expired))).statusCode).toBe(200);
    expect((await cardOf('c-2'))?.sessionStatus).toBe('expired');
    const again = await checkout('c-2');
    const sessions = stripe.sessionsFor('c-2');
    expect(sessions).toHaveLength(2);
    expect(again.headers.location).toBe(sessions[1]?.url);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)).toMatchObject({
      idempotencyKey: 'lunar-checkout:c-2:1500:2',
    });
  });

  it('says card payment is unavailable while Stripe is down, and works once it is back', async () => {
    await cardOrder('c-3');
    stripe.setOutage(503);
    try {
      const down = await checkout('c-3');
      expect(down.statusCode).toBe(503);
      expect(down.body).toContain('Card payment is unavailable for the moment');
    } finally {
      stripe.setOutage(null);
    }
    expect((await checkout('c-3')).statusCode).toBe(303);
  });

  it('pays the order when Stripe reports the payment, with no person, once for 5 deliveries', async () => {
    await cardOrder('c-4');
    const session = await paidSession('c-4');
    const evt = stripeEvent('checkout.session.completed', session);
    for (let i = 0; i < 5; i++) {
      const answer = await deliver(evt);
      expect(answer.statusCode).toBe(200);
    }
    expect(await orderOf('c-4')).toMatchObject({
      status: 'paid',
      paymentVerifiedBy: STRIPE_ACTOR_ID,
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, 'c-4'));
    expect(row?.paidWith).toBe('card');
    const verified = await verifications('c-4');
    expect(verified).toHaveLength(1);
    expect(verified[0]?.actorDiscordId).toBe(STRIPE_ACTOR_ID);
    expect(await cardOf('c-4')).toMatchObject({
      sessionStatus: 'complete',
      paymentIntentId: session.payment_intent,
    });
    const events = await db().select().from(stripeEvents).where(eq(stripeEvents.orderId, 'c-4'));
    expect(events.map((e) => e.id)).toEqual([evt.id]);
    // The ticket is told (customer and designer), through the outbox.
    const messages = await db()
      .select()
      .from(orderMessages)
      .where(eq(orderMessages.orderId, 'c-4'));
    expect(messages.map((m) => (m.payload as { content?: string }).content)).toContainEqual(
      expect.stringMatching(/^Payment for order c-4 is verified, thank you <@100000000000000077>!/),
    );
    // Paid: the link leads back to the orders page.
    expect((await checkout('c-4')).headers.location).toBe('/orders?order=c-4&card=paid');
  });

  it('makes one transition from 100 deliveries of one event at once', async () => {
    await cardOrder('c-5');
    const evt = stripeEvent('checkout.session.completed', await paidSession('c-5'));
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(evt)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await verifications('c-5')).toHaveLength(1);
    expect((await orderOf('c-5'))?.status).toBe('paid');
  });

  it('keeps the order paid when the session’s expiry arrives after its completion', async () => {
    await cardOrder('c-6');
    const session = await paidSession('c-6');
    await deliver(stripeEvent('checkout.session.completed', session));
    const late = { ...session, status: 'expired', payment_status: 'paid' };
    expect((await deliver(stripeEvent('checkout.session.expired', late))).statusCode).toBe(200);
    expect((await cardOf('c-6'))?.sessionStatus).toBe('complete');
    expect((await orderOf('c-6'))?.status).toBe('paid');
    expect(await verifications('c-6')).toHaveLength(1);
  });

  it('waits for async_payment_succeeded when a session completes unpaid', async () => {
    await cardOrder('c-7');
    const session = await paidSession('c-7');
    await deliver(
      stripeEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }),
    );
    expect((await orderOf('c-7'))?.status).toBe('awaiting_payment');
    await deliver(stripeEvent('checkout.session.async_payment_succeeded', session));
    expect((await orderOf('c-7'))?.status).toBe('paid');
  });

  it('refuses a forged or stale signature with a 400 that changes nothing', async () => {
    await cardOrder('c-8');
    const evt = stripeEvent('checkout.session.completed', await paidSession('c-8'));
    const forged = await deliver(evt, { secret: 'whsec_notTheEndpointsSecret' });
    expect(forged.statusCode).toBe(400);
    const stale = await deliver(evt, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await server.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(evt),
    });
    expect(unsigned.statusCode).toBe(400);
    // The signature covers the bytes: the same event re-serialised is refused too.
    const { headers } = signedWebhook(evt, stripe.webhookSecret);
    const reshaped = await server.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers,
      payload: JSON.stringify(evt),
    });
    expect(reshaped.statusCode).toBe(400);
    expect((await orderOf('c-8'))?.status).toBe('awaiting_payment');
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, evt.id))).toEqual([]);
    // Within the tolerance it is heard.
    const recent = await deliver(evt, { timestamp: Math.floor(Date.now() / 1000) - 240 });
    expect(recent.statusCode).toBe(200);
    expect((await orderOf('c-8'))?.status).toBe('paid');
  });

  it('logs no payload when it refuses a delivery or ignores an unknown order', async () => {
    const lines: string[] = [];
    const log = {
      info: (obj: unknown, msg?: string) => lines.push(JSON.stringify([obj, msg])),
      warn: (obj: unknown, msg?: string) => lines.push(JSON.stringify([obj, msg])),
    };
    const config = testConfig(stripe.env);
    const cards = createCardPayments({
      db: db(),
      config: { ...config, stripe: config.stripe ?? fail() },
      log,
    });
    const secretSession = {
      ...stripe.pay((await startSession('c-9')).id),
      customer_email: 'x@secret.example',
    };
    const evt = stripeEvent('checkout.session.completed', {
      ...secretSession,
      metadata: { order_id: 'no-such-order' },
      client_reference_id: 'no-such-order',
    });
    const { payload, headers } = signedWebhook(evt, 'whsec_wrong');
    expect(
      (await cards.handleWebhook(Buffer.from(payload), headers['stripe-signature'])).status,
    ).toBe(400);
    const good = signedWebhook(evt, stripe.webhookSecret);
    expect(
      (await cards.handleWebhook(Buffer.from(good.payload), good.headers['stripe-signature']))
        .status,
    ).toBe(200);
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('secret.example');
    expect(lines.join('\n')).not.toContain('no-such-order');
    expect(lines[1]).toContain('no known order');
  });

  async function startSession(id: string) {
    await cardOrder(id);
    await checkout(id);
    const session = stripe.sessionsFor(id).at(-1);
    if (!session) throw new Error('no session');
    return session;
  }
  const fail = (): never => {
    throw new Error('the test config sets Stripe');
  };

  it('answers 200 to an event for an order Lunar does not know, changing nothing', async () => {
    const evt = stripeEvent('checkout.session.completed', {
      id: 'cs_test_elsewhere',
      object: 'checkout.session',
      payment_status: 'paid',
      status: 'complete',
      metadata: { order_id: 'somebody-else' },
      client_reference_id: null,
      amount_total: 100,
      currency: 'usd',
    });
    expect((await deliver(evt)).statusCode).toBe(200);
    expect(await orderOf('somebody-else')).toBeNull();
  });

  it('signs exactly as the stripe package’s own test signer', () => {
    const payload = JSON.stringify(stripeEvent('ping', {}));
    const timestamp = 1_700_000_000;
    expect(signStripePayload(payload, stripe.webhookSecret, timestamp)).toBe(
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: stripe.webhookSecret,
        timestamp,
      }),
    );
  });

  describe('refunds', () => {
    const refund = (id: string, cookie: string, reason = 'Customer cancelled before work began') =>
      server.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${id}/refund`,
        headers: { cookie, origin: SITE_ORIGIN },
        payload: { reason },
      });

    it('refunds a card payment through Stripe once; the order leaves the payouts', async () => {
      const session = await paidOrder('c-20');
      // Logged, so it counted toward its designer's payout.
      await db()
        .update(orders)
        .set({
          status: 'logged',
          loggedAt: new Date('2026-01-05T10:00:00Z'),
          designerShareRobux: 630,
        })
        .where(eq(orders.id, 'c-20'));
      const payouts = () =>
        createPayoutsRepository(db()).list(
          PayoutQuerySchema.parse({ period: 'week', from: '2026-01-05', to: '2026-01-11' }),
        );
      expect(JSON.stringify(await payouts())).toContain('630');

      const answer = await refund('c-20', executive);
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual({ method: 'card', amountLabel: '$15.00', status: 'succeeded' });
      const made = [...stripe.refunds.values()].filter(
        (r) => r.payment_intent === session.payment_intent,
      );
      expect(made).toHaveLength(1);
      expect(stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)?.idempotencyKey).toBe(
        `lunar-refund:c-20:${session.payment_intent}`,
      );
      const [row] = await db().select().from(orders).where(eq(orders.id, 'c-20'));
      expect(row?.refundedAt).toBeInstanceOf(Date);
      expect(JSON.stringify(await payouts())).not.toContain('630');

      // The timeline says so, by whom and why; the customer is told by DM.
      const detail = await server.app.inject({
        method: 'GET',
        url: '/api/staff/orders/c-20',
        headers: { cookie: executive },
      });
      expect(detail.json().events.at(-1).summary).toBe(
        'Refunded by ava (card, through Stripe): Customer cancelled before work began',
      );
      const dms = await db()
        .select()
        .from(orderMessages)
        .where(eq(orderMessages.dmUserId, CUSTOMER))
        .orderBy(orderMessages.id);
      expect(
        dms
          .map((m) => (m.payload as { content: string }).content)
          .filter((c) => c.includes('c-20')),
      ).toEqual([
        // The receipt of the card payment, then the refund.
        'Thank you! Your payment for order c-20 is confirmed. Keep this message as your receipt.',
        'Your payment for order c-20 has been refunded. $15.00 is on its way back to your card (banks usually show it within 5–10 days).\nReason: Customer cancelled before work began',
      ]);

      // Again: a clear 409, no second refund; Stripe's charge.refunded changes nothing more.
      const again = await refund('c-20', executive2);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This order is already refunded.');
      await deliver(
        stripeEvent('charge.refunded', {
          id: 'ch_test_1',
          object: 'charge',
          payment_intent: session.payment_intent,
          amount_refunded: 1500,
          refunded: true,
        }),
      );
      expect(
        [...stripe.refunds.values()].filter((r) => r.payment_intent === session.payment_intent),
      ).toHaveLength(1);
      const timeline = await createOrdersRepository(db()).listEvents('c-20');
      expect(timeline.filter((e) => e.type === 'payment_refunded')).toHaveLength(1);
    });

    it('records a Robux refund made by hand: who, when, why; Stripe is not asked', async () => {
      await insertOrder(db(), {
        id: 'c-21',
        status: 'paid',
        priceRobux: 700,
        paidAt: new Date(),
        paymentVerifiedBy: 'roblox-check',
        customerDiscordId: CUSTOMER,
      });
      const before = stripe.requests.length;
      const answer = await refund('c-21', executive, 'Ordered twice by mistake');
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual({
        method: 'robux',
        amountLabel: '1,000 R$',
        status: 'succeeded',
      });
      expect(stripe.requests.length).toBe(before);
      const [row] = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, 'c-21'));
      expect(row).toMatchObject({
        method: 'robux',
        reason: 'Ordered twice by mistake',
        status: 'succeeded',
      });
      expect(row?.refundedAt).toBeInstanceOf(Date);
    });

    it('answers 403 to everyone but executives, and changes nothing', async () => {
      await paidOrder('c-22');
      const refundsBefore = stripe.refunds.size;
      for (const roles of [['lead'], ['designer'], ['payment_verifier'], ['staff']] as const) {
        const { cookie } = await signInAsStaff(db(), [...roles]);
        expect((await refund('c-22', cookie)).statusCode).toBe(403);
      }
      expect(await createCardPaymentsRepository(db()).findRefund('c-22')).toBeNull();
      expect(stripe.refunds.size).toBe(refundsBefore);
    });

    it('refuses an unpaid order and a missing reason in words', async () => {
      await cardOrder('c-23');
      const unpaid = await refund('c-23', executive);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().message).toBe('This order is not paid, so there is nothing to refund.');
      const noReason = await refund('c-23', executive, ' ');
      expect(noReason.statusCode).toBe(400);
    });

    it('makes one refund when two executives refund at once; the other gets a 409', async () => {
      const session = await paidOrder('c-24');
      const answers = await Promise.all([refund('c-24', executive), refund('c-24', executive2)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(
        [...stripe.refunds.values()].filter((r) => r.payment_intent === session.payment_intent),
      ).toHaveLength(1);
    });

    it('lets an executive try again when Stripe was down: nothing was refunded', async () => {
      await paidOrder('c-25');
      stripe.setOutage(503);
      try {
        const down = await refund('c-25', executive);
        expect(down.statusCode).toBe(502);
      } finally {
        stripe.setOutage(null);
      }
      expect(await createCardPaymentsRepository(db()).findRefund('c-25')).toBeNull();
      expect((await refund('c-25', executive)).statusCode).toBe(201);
    });
  });
});
