import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_ACTOR_ID } from '../../core/orders';
import {
  describePaymentCheck,
  type PaymentFigures,
  type PaymentRow,
} from '../../core/payments/staff-list';
import type { ListPage } from '../../core/shared/list-page';
import type { CustomerTicket } from '../../core/tickets/customer-view';
import { createCardPaymentsRepository } from '../../db/repositories/card-payments';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { orderMessages, orderPayments } from '../../db/schema';
import { freshIp } from '../support/app';
import { CUSTOMER_TEST_SECRET, signInAsCustomer } from '../support/customer';
import { DRIVERS } from '../support/database';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { insertOrder } from '../support/orders';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { signedWebhook, stripeEvent } from '../support/stripe-signature';
import { useTestApp } from '../support/use-test-app';

// The card payment seen from the rest of Lunar (issue 31): the customer's "Your orders" gets
// the card link and amount, Stripe's webhook sends one receipt naming the card amount, the
// Payments list shows the method, the card amount, Stripe's last word and refunds, and the
// Overview counts Stripe's payments as automatic.

const fakes: Record<string, FakeStripe> = {};
for (const driver of DRIVERS) fakes[driver] = await startFakeStripe();
afterAll(() => Promise.all(Object.values(fakes).map((fake) => fake.close())));

const DESIGNER = '100000000000000001';
const ENV = {
  DISCORD_TOKEN: 'bm90LWEtdG9rZW4.fake.fake-token-part',
  DISCORD_GUILD_ID: '710000000000000001',
  DISCORD_CLIENT_ID: '710000000000000002',
  DISCORD_CLIENT_SECRET: CUSTOMER_TEST_SECRET,
  DISCORD_LEAD_ROLE_ID: '710000000000000003',
};

type Payload = { content?: string; embeds?: { fields?: { name: string; value: string }[] }[] };

describe.each(DRIVERS)('card payments across Lunar on %s', (driver) => {
  const stripe = fakes[driver] as FakeStripe;
  const server = useTestApp(driver, { seed: true, env: { ...ENV, ...stripe.env } });
  const db = () => server.database.db;
  let executive: string;
  let verifier: string;
  let customer: { cookie: string; discordId: string };
  let ticket: { number: number; name: string };

  beforeAll(async () => {
    executive = (await signInAsStaff(db(), ['executive'], 'ava')).cookie;
    verifier = (await signInAsStaff(db(), ['payment_verifier'], 'vic')).cookie;
    customer = await signInAsCustomer(db());
    const opened = await server.app.inject({
      method: 'POST',
      url: '/api/customer/tickets',
      headers: { cookie: customer.cookie, origin: SITE_ORIGIN },
      payload: {
        service: 'service:banners',
        request: 'A recruitment banner in our department colours',
        budgetRobux: '1,500',
        deadline: 'Next Friday',
        robloxUsername: 'Builder_01',
      },
      remoteAddress: freshIp(),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    ticket = opened.json();
    await createTicketsRepository(db()).markTicketOpened(ticket.number, '700000000000000051');
    // /createpayment with a card price of $15.00 (the Robux price 700 → 1,000 R$ with the fee).
    await insertOrder(db(), {
      id: ticket.name,
      designerDiscordId: DESIGNER,
      customerDiscordId: customer.discordId,
      customerRobloxUsername: 'Builder_01',
      priceRobux: 700,
    });
    await db().insert(orderPayments).values({ orderId: ticket.name, passPrice: 1000 });
    await db().transaction((tx) =>
      createCardPaymentsRepository(db()).saveCardPayment(tx, {
        orderId: ticket.name,
        amount: 1500,
        currency: 'usd',
        at: new Date(),
      }),
    );
  });

  const mine = async () => {
    const response = await server.app.inject({
      url: '/api/customer/tickets',
      headers: { cookie: customer.cookie },
    });
    return (response.json().items as CustomerTicket[]).find((t) => t.number === ticket.number);
  };
  const staffGet = (url: string, cookie = verifier) =>
    server.app.inject({ method: 'GET', url, headers: { cookie } });
  const row = async (query = '') => {
    const response = await staffGet(`/api/staff/payments${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as ListPage<PaymentRow>;
    return { page, row: page.rows.find((r) => r.orderId === ticket.name) };
  };
  const deliver = (evt: unknown) => {
    const { payload, headers } = signedWebhook(evt, stripe.webhookSecret);
    return server.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers,
      payload,
    });
  };
  const receipts = () =>
    db()
      .select()
      .from(orderMessages)
      .where(and(eq(orderMessages.orderId, ticket.name), isNotNull(orderMessages.dmUserId)));

  it('offers the card on "Your orders", shows Stripe’s word in the Payments list, and pays once', async () => {
    const checkoutUrl = `http://localhost:3000/api/payments/card/${ticket.name}/checkout`;
    expect((await mine())?.payment).toEqual({
      amountRobux: 1000,
      gamePassUrl: null,
      card: { url: checkoutUrl, amount: '$15.00' },
    });
    const detail = await server.app.inject({
      url: `/api/customer/tickets/${ticket.number}`,
      headers: { cookie: customer.cookie },
    });
    expect(detail.json().payment.card).toEqual({ url: checkoutUrl, amount: '$15.00' });

    // Unpaid with a card price: Robux or card; the card link not opened yet.
    const before = await row('?status=awaiting');
    expect(before.row).toMatchObject({
      status: 'awaiting',
      method: 'robux_or_card',
      cardAmount: { minor: 1500, currency: 'usd', label: '$15.00' },
      cardCheckout: 'not_opened',
      check: 'not_checked',
    });
    expect(describePaymentCheck(before.row as PaymentRow)).toBe('Card link not opened yet');
    expect(before.page.facets.method).toContainEqual({ value: 'robux_or_card', count: 1 });

    // The customer opens the link: waiting for Stripe.
    const opened = await server.app.inject({ url: new URL(checkoutUrl).pathname });
    expect(opened.statusCode).toBe(303);
    const open = (await row()).row as PaymentRow;
    expect(open.cardCheckout).toBe('open');
    expect(describePaymentCheck(open)).toBe('Waiting for Stripe');
    // With a Roblox check under way, both are said.
    expect(describePaymentCheck({ ...open, check: 'not_yet' })).toBe(
      'Not bought yet; waiting for Stripe',
    );

    // Stripe reports the payment, three times: paid once, one receipt saying Card and $15.00.
    const session = stripe.pay(stripe.sessionsFor(ticket.name).at(-1)?.id ?? '');
    const evt = stripeEvent('checkout.session.completed', session);
    for (let i = 0; i < 3; i++) expect((await deliver(evt)).statusCode).toBe(200);
    const [receipt, ...more] = await receipts();
    expect(more).toEqual([]);
    expect(receipt?.dmUserId).toBe(customer.discordId);
    expect((receipt?.payload as Payload | undefined)?.embeds?.[0]?.fields).toEqual(
      expect.arrayContaining([
        { name: 'Amount', value: '$15.00', inline: true },
        { name: 'Method', value: 'Card', inline: true },
        { name: 'Order', value: ticket.name, inline: true },
      ]),
    );

    // "Your orders" turns Paid; the list says card, paid through Stripe.
    expect(await mine()).toMatchObject({ statusLabel: 'Paid', payment: null });
    const paid = (await row('?method=card')).row as PaymentRow;
    expect(paid).toMatchObject({
      status: 'paid',
      method: 'card',
      cardCheckout: 'complete',
      verifiedBy: STRIPE_ACTOR_ID,
    });
    expect(describePaymentCheck(paid)).toBe('Paid by card through Stripe');

    // A verifier pressing Verify late is told the customer paid by card.
    const late = await server.app.inject({
      method: 'POST',
      url: `/api/staff/payments/${ticket.name}/verify`,
      headers: { cookie: verifier, origin: SITE_ORIGIN },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `The payment of order ${ticket.name} was already verified: the customer paid by card through Stripe.`,
    );

    // The Overview counts Stripe's payment as automatic.
    const figures = (await staffGet('/api/staff/payments/figures')).json() as PaymentFigures;
    expect(figures).toMatchObject({ paid: 1, automatic: 1, byPerson: 0 });
  });

  it('shows a refunded order as refunded, and tells the customer', async () => {
    const refunded = await server.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${ticket.name}/refund`,
      headers: { cookie: executive, origin: SITE_ORIGIN },
      payload: { reason: 'The customer cancelled' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const { page, row: after } = await row('?status=refunded');
    expect(after).toMatchObject({ status: 'refunded', method: 'card' });
    expect(page.facets.status).toContainEqual({ value: 'refunded', count: 1 });
    expect((await row('?status=paid')).row).toBeUndefined();
    const told = (await receipts()).map((m) => (m.payload as Payload).content ?? '');
    expect(told).toContainEqual(
      expect.stringContaining(`Your payment for order ${ticket.name} has been refunded. $15.00`),
    );
  });
});
