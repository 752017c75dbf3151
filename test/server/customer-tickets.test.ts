import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_TOKEN_EXPIRED } from '../../core/auth/customer';
import type { CustomerTicket } from '../../core/tickets/customer-view';
import { createCardPaymentsRepository } from '../../db/repositories/card-payments';
import { createCustomerAccountsRepository } from '../../db/repositories/customer-accounts';
import { createTicketTranscriptsRepository } from '../../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { orderPayments, orders, outbox, tickets } from '../../db/schema';
import { CUSTOMER_TICKET_RATE_LIMIT } from '../../server/routes/customer/tickets';
import { freshIp } from '../support/app';
import { CUSTOMER_TEST_SECRET, signInAsCustomer } from '../support/customer';
import { DRIVERS } from '../support/database';
import { createFuzzer, fuzzEndpoint } from '../support/fuzz';
import { insertOrder } from '../support/orders';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const INTAKE = {
  service: 'service:banners',
  request: 'A recruitment banner in our department colours',
  budgetRobux: '1,500',
  deadline: 'Next Friday',
  robloxUsername: '@Builder_01',
};

const GUILD_ID = '710000000000000001';
// Customer sign-in on (the tokens are sealed under this client secret); no bot is started.
const ENV = {
  DISCORD_TOKEN: 'bm90LWEtdG9rZW4.fake.fake-token-part',
  DISCORD_GUILD_ID: GUILD_ID,
  DISCORD_CLIENT_ID: '710000000000000002',
  DISCORD_CLIENT_SECRET: CUSTOMER_TEST_SECRET,
  DISCORD_LEAD_ROLE_ID: '710000000000000003',
};

describe.each(DRIVERS)('customer tickets API on %s', (driver) => {
  const server = useTestApp(driver, { seed: true, env: ENV });

  const post = (cookie: string, body: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/customer/tickets',
      headers: { cookie, origin: SITE_ORIGIN },
      payload: body as object,
      remoteAddress: freshIp(),
    });
  const get = (cookie: string, url: string) =>
    server.app.inject({ method: 'GET', url, headers: { cookie } });

  it('opens a ticket from the web intake, as the Discord modal would, and queues its channel', async () => {
    const customer = await signInAsCustomer(server.database.db);
    const response = await post(customer.cookie, INTAKE);
    expect(response.statusCode).toBe(201);
    const ticket = response.json();
    expect(ticket).toMatchObject({
      serviceLabel: 'Banners',
      status: 'opening',
      statusLabel: 'Opening your ticket',
      channelUrl: null,
      budgetRobux: 1500,
      robloxUsername: 'Builder_01',
    });
    const [row] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ticket.number));
    expect(row).toMatchObject({ source: 'site', customerDiscordId: customer.discordId });
    const jobs = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'ticket_open'));
    expect(jobs.length).toBeGreaterThan(0);

    // Once the bot made the channel, the page gets its link.
    await createTicketsRepository(server.database.db).markTicketOpened(
      ticket.number,
      '700000000000000001',
    );
    const opened = (await get(customer.cookie, `/api/customer/tickets/${ticket.number}`)).json();
    expect(opened.status).toBe('open');
    expect(opened.statusLabel).toBe('Waiting for a designer');
    expect(opened.channelUrl).toBe(`https://discord.com/channels/${GUILD_ID}/700000000000000001`);

    const list = (await get(customer.cookie, '/api/customer/tickets')).json();
    expect(list.items.map((item: { number: number }) => item.number)).toContain(ticket.number);
  });

  it('shows an unpaid order’s amount and game pass link, then only "Paid"', async () => {
    const db = server.database.db;
    const customer = await signInAsCustomer(db);
    const ticket = (
      await post(customer.cookie, { ...INTAKE, service: 'service:logos-graphics' })
    ).json();
    await insertOrder(db, {
      id: ticket.name,
      customerDiscordId: customer.discordId,
      priceRobux: 100,
    });
    await createTicketsRepository(db).markTicketOpened(ticket.number, '700000000000000031');
    const mine = async () =>
      ((await get(customer.cookie, '/api/customer/tickets')).json().items as CustomerTicket[]).find(
        (item) => item.number === ticket.number,
      );
    // Before the game pass exists: the amount /createpayment named (Roblox's fee included).
    // A card price without Stripe settings offers no card.
    await db.transaction((tx) =>
      createCardPaymentsRepository(db).saveCardPayment(tx, {
        orderId: ticket.name,
        amount: 1500,
        currency: 'usd',
        at: new Date(),
      }),
    );
    expect((await mine())?.payment).toEqual({ amountRobux: 143, gamePassUrl: null, card: null });
    await db
      .insert(orderPayments)
      .values({ orderId: ticket.name, passPrice: 143, gamePassId: '777', passOnSale: true });
    expect(await mine()).toMatchObject({
      statusLabel: 'Awaiting payment',
      payment: {
        amountRobux: 143,
        gamePassUrl: 'https://www.roblox.com/game-pass/777',
        card: null,
      },
    });
    const detail = (await get(customer.cookie, `/api/customer/tickets/${ticket.number}`)).json();
    expect(detail.payment?.gamePassUrl).toBe('https://www.roblox.com/game-pass/777');

    await db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), paymentVerifiedBy: 'roblox-check' })
      .where(eq(orders.id, ticket.name));
    expect(await mine()).toMatchObject({ statusLabel: 'Paid', payment: null });
  });

  it('refuses a second open ticket for the same service with a 409 naming it', async () => {
    const customer = await signInAsCustomer(server.database.db);
    const first = (await post(customer.cookie, { ...INTAKE, service: 'plan:basic-design' })).json();
    const second = await post(customer.cookie, { ...INTAKE, service: 'plan:basic-design' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: `You already have an open ticket for Basic Design (${first.name}).`,
      existing: { number: first.number, name: first.name },
    });
    // Two at once: one ticket, one refusal, never a 500.
    const other = await signInAsCustomer(server.database.db);
    const both = await Promise.all([
      post(other.cookie, { ...INTAKE, service: 'service:emojis' }),
      post(other.cookie, { ...INTAKE, service: 'service:emojis' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('ends a session whose Discord token is gone, so the customer continues with Discord again', async () => {
    const customer = await signInAsCustomer(server.database.db);
    await createCustomerAccountsRepository(server.database.db, {
      secret: CUSTOMER_TEST_SECRET,
    }).forgetTokens(customer.discordId);
    const refused = await post(customer.cookie, {
      ...INTAKE,
      service: 'service:photography-editing',
    });
    expect([refused.statusCode, refused.json().message]).toEqual([401, CUSTOMER_TOKEN_EXPIRED]);
    const session = (await get(customer.cookie, '/api/customer/session')).json();
    expect(session.signedIn).toBe(false);
  });

  it('limits how many tickets one address opens', async () => {
    const customer = await signInAsCustomer(server.database.db);
    const ip = freshIp();
    const attempt = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/customer/tickets',
        headers: { cookie: customer.cookie, origin: SITE_ORIGIN },
        payload: { ...INTAKE, budgetRobux: 'not a number' },
        remoteAddress: ip,
      });
    for (let i = 0; i < CUSTOMER_TICKET_RATE_LIMIT.max; i += 1) {
      expect((await attempt()).statusCode).toBe(400);
    }
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^You have opened too many tickets\. Please try again in/,
    );
  });

  it('answers bad input field by field, and an unknown service as a field error', async () => {
    const customer = await signInAsCustomer(server.database.db);
    const bad = await post(customer.cookie, {
      service: 'service:banners',
      request: 'short',
      budgetRobux: 'lots',
      deadline: '',
      robloxUsername: 'no spaces allowed',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual([
      'budgetRobux',
      'deadline',
      'request',
      'robloxUsername',
    ]);
    const unknown = await post(customer.cookie, { ...INTAKE, service: 'service:not-offered' });
    expect([unknown.statusCode, unknown.json().fieldErrors]).toEqual([
      400,
      { service: 'Pick a service or plan' },
    ]);
  });

  it('answers generated bad bodies (NUL, lone surrogates, huge, malformed) with a 4xx, never a 500', async () => {
    const customer = await signInAsCustomer(server.database.db);
    const count = async () => (await server.database.db.select().from(tickets)).length;
    const before = await count();
    const fuzz = createFuzzer(`customer-tickets:${driver}`);
    const tally = await fuzzEndpoint(server.app, 100, () => {
      const { payload, contentType } = fuzz.body(INTAKE);
      return {
        method: 'POST',
        url: '/api/customer/tickets',
        payload,
        headers: { cookie: customer.cookie, origin: SITE_ORIGIN, 'content-type': contentType },
      };
    });
    expect(tally.serverErrors).toEqual([]);
    // Every ticket stored had its 2xx; nothing half-stored for the refused ones.
    expect((await count()) - before).toBe(tally.success);
  });

  it('shows a customer only their own tickets; staff and strangers are refused', async () => {
    const owner = await signInAsCustomer(server.database.db, 'owner');
    const stranger = await signInAsCustomer(server.database.db, 'stranger');
    const ticket = (await post(owner.cookie, { ...INTAKE, service: 'service:liveries' })).json();
    const url = `/api/customer/tickets/${ticket.number}`;
    expect((await get(owner.cookie, url)).statusCode).toBe(200);
    const refused = await get(stranger.cookie, url);
    expect([refused.statusCode, refused.json().message]).toEqual([
      404,
      'There is no ticket with this number among your orders.',
    ]);
    const theirs = (await get(stranger.cookie, '/api/customer/tickets')).json();
    expect(theirs.items).toEqual([]);
    // Signed out, or signed in as staff only: no customer session, 401.
    expect((await get('', url)).statusCode).toBe(401);
    const staff = await signInAsStaff(server.database.db, ['executive']);
    expect((await get(staff.cookie, url)).statusCode).toBe(401);
    expect((await post('', INTAKE)).statusCode).toBe(401);
    // A forged cross-site post riding on the customer's cookie.
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/customer/tickets',
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: INTAKE,
    });
    expect(forged.statusCode).toBe(403);
    expect((await get(owner.cookie, '/api/customer/tickets/0')).statusCode).toBe(404);
    expect((await get(owner.cookie, '/api/customer/tickets/abc')).statusCode).toBe(404);
  });

  it('gives a closed ticket its transcript, text as typed', async () => {
    const customer = await signInAsCustomer(server.database.db);
    const ticket = (await post(customer.cookie, { ...INTAKE, service: 'service:uniforms' })).json();
    const repository = createTicketsRepository(server.database.db);
    await repository.markTicketOpened(ticket.number, '700000000000000002');
    const lead = { discordId: '600000000000000001', roles: new Set(['lead'] as const) };
    const closed = await repository.forceCloseTicket(ticket.number, lead, 'Finished');
    expect(closed.ok).toBe(true);
    const transcripts = createTicketTranscriptsRepository(server.database.db);
    await transcripts.storeTranscriptMessages(ticket.number, [
      {
        discordMessageId: '800000000000000001',
        authorDiscordId: customer.discordId,
        authorName: 'customer',
        authorIsBot: false,
        sentAt: new Date('2026-11-20T10:00:00Z'),
        content: '<script>alert(1)</script> thanks!',
        embedsText: '',
        attachments: [{ name: 'ref.png', url: 'https://cdn.discordapp.com/ref.png' }],
      },
      {
        discordMessageId: '800000000000000002',
        authorDiscordId: '600000000000000002',
        authorName: 'designer_dora',
        authorIsBot: false,
        sentAt: new Date('2026-11-20T10:01:00Z'),
        content: `You're welcome <@${customer.discordId}>!`,
        embedsText: '',
        attachments: [],
      },
    ]);
    await transcripts.markTranscriptStored(ticket.number, 2);
    const detail = (await get(customer.cookie, `/api/customer/tickets/${ticket.number}`)).json();
    expect(detail).toMatchObject({ status: 'closed', statusLabel: 'Closed', channelUrl: null });
    expect(detail.transcript).toEqual([
      {
        authorName: 'customer',
        authorIsBot: false,
        sentAt: '2026-11-20T10:00:00.000Z',
        content: '<script>alert(1)</script> thanks!',
        embedsText: '',
        attachments: [{ name: 'ref.png', url: 'https://cdn.discordapp.com/ref.png' }],
      },
      expect.objectContaining({ authorName: 'designer_dora' }),
    ]);
    // The mention reads by name: the name the customer wrote under in the transcript.
    expect(detail.mentionNames[customer.discordId]).toBe('customer');
  });
});
