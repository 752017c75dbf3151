import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../bot/delivery/worker';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { loadTicketServices } from '../../bot/tickets/ticket-interaction';
import { findTicketService, type TicketService } from '../../core/tickets';
import { registerDatabaseMetrics } from '../../db/metrics';
import { createCustomerAccountsRepository } from '../../db/repositories/customer-accounts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { isProcessRunning } from '../../db/repositories/worker-processes';
import { outbox, ticketEvents, workerProcesses } from '../../db/schema';
import { buildTestApp, freshIp } from '../support/app';
import { CUSTOMER_TEST_SECRET } from '../support/customer';
import { DRIVERS } from '../support/database';
import { generateSnowflake, type InteractionRecord } from '../support/fake-discord';
import type { FakeMessage } from '../support/fake-discord/messages';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { type BotHarness, startBotHarness } from './harness';

// Issue 33: both ticket categories full (Discord's 400 50035 CHANNEL_PARENT_MAX_CHANNELS from
// the fake), and a worker that died holding a ticket's lease. Waits, not speed checks.
const LOADED = { timeout: 30_000 };
const SELECT = 3;
const INTAKE = {
  request: 'A recruitment banner in blue and gold',
  budget: '1,500',
  deadline: 'Next Friday',
  roblox_username: '@Builder_1',
};

describe.each(DRIVERS)('ticket capacity queue and crash recovery on %s', (driver) => {
  let h: BotHarness;
  let worker: OutboxWorker | null = null;
  let panel: FakeMessage;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let customers = 0;
  beforeAll(async () => {
    h = await startBotHarness(driver);
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    // The queue's head looks again every 100 ms (in production, a minute or when woken).
    worker = startWorker({ unroutedDelayMs: 100 });
    await h.fake.runCommand({
      name: 'ticketpanel',
      options: {},
      channelId: h.ids.contactChannel,
      userId: h.users.executive,
    });
    const findPanel = () =>
      h.fake.messagesIn(h.ids.contactChannel).find((m) => m.embeds[0]?.title === 'Order a design');
    // expect.poll belongs to tests: the panel's post is waited for by hand here.
    for (let tries = 0; !findPanel() && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    panel = findPanel() as FakeMessage;
    app = await buildTestApp(h.database, {
      env: {
        ...h.env,
        DISCORD_CLIENT_ID: h.fake.oauth.clientId,
        DISCORD_CLIENT_SECRET: CUSTOMER_TEST_SECRET,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  const tickets = () => createTicketsRepository(h.database.db);
  /** A worker that reads site customers' tokens (sealed under the test's client secret). */
  const startWorker = (options: Parameters<BotHarness['startWorker']>[0]) =>
    h.startWorker(options, {
      ...h.config,
      signIn: { ...h.config.signIn, clientSecret: CUSTOMER_TEST_SECRET },
    });
  const newCustomer = () => {
    customers += 1;
    return h.fake.addMember({ username: `customer-${customers}` }).user.id;
  };
  const answerOf = async (record: InteractionRecord) => {
    const text = () => (record.loading ? '' : (record.original?.content ?? ''));
    await expect.poll(text, LOADED).not.toBe('');
    return text();
  };
  /** A Discord order from the panel: the modal's record. */
  async function orderInDiscord(userId: string, service = 'service:banners') {
    const opened = await h.fake.clickButton({
      messageId: panel.id,
      customId: 'ticket:service',
      channelId: panel.channelId,
      userId,
      componentType: SELECT,
      values: [service],
    });
    return h.fake.submitModal({ modal: opened, fields: INTAKE });
  }
  const ticketOf = async (customer: string) => {
    const [ticket] = await tickets().listTicketsForCustomer(customer);
    if (!ticket) throw new Error(`no ticket for ${customer}`);
    return ticket;
  };
  const fillers = (categoryId: string) =>
    h.fake.channelsUnder(categoryId).filter((c) => c.name === 'filler');
  const fill = (categoryId: string) => {
    while (h.fake.channelsUnder(categoryId).length < 50) {
      h.fake.guild.channels.push({
        id: generateSnowflake(),
        name: 'filler',
        type: 0,
        parentId: categoryId,
      });
    }
  };
  /** A channel is deleted by hand in Discord: room for one ticket. */
  const freeOne = () => {
    const filler = fillers(h.ids.ticketsCategory)[0] ?? fillers(h.ids.overflowCategory)[0];
    h.fake.guild.channels.splice(h.fake.guild.channels.indexOf(filler as never), 1);
  };
  const scrapeQueue = async () => {
    const metrics = new Registry();
    registerDatabaseMetrics(metrics, h.database);
    const text = await metrics.metrics();
    const line = text.split('\n').find((l) => l.startsWith('lunar_tickets_waiting_for_capacity '));
    return Number(line?.split(' ')[1]);
  };
  async function siteCustomer() {
    const user = { id: generateSnowflake(), username: `site-customer-${++customers}` };
    const accessToken = h.fake.oauth.grant(user, ['identify', 'guilds.join']);
    const accounts = createCustomerAccountsRepository(h.database.db, {
      secret: CUSTOMER_TEST_SECRET,
    });
    await accounts.signedIn(
      { discordId: user.id, username: user.username },
      { accessToken, refreshToken: null, expiresIn: 3600, scopes: ['identify', 'guilds.join'] },
    );
    const { token } = await accounts.createSession(user.id);
    return { id: user.id, cookie: `lunar_customer=${token}` };
  }

  it('tells customers the studio is at capacity and their place, warns staff, and opens the queue in order', async () => {
    fill(h.ids.ticketsCategory);
    fill(h.ids.overflowCategory);
    const first = newCustomer();
    const firstAnswer = await answerOf(await orderInDiscord(first));
    const firstTicket = await ticketOf(first);
    expect(firstAnswer).toBe(
      `Your ticket ${firstTicket.orderId}: the studio is at capacity right now (every ticket ` +
        'channel is in use). You are next in the queue; your ticket opens as soon as a channel ' +
        'frees up, in order, and you will be pinged in it. No need to order again.',
    );
    const second = newCustomer();
    expect(await answerOf(await orderInDiscord(second, 'service:emojis'))).toMatch(
      /^Your ticket ticket-\d{4}: the studio is at capacity .* You are number 2 in the queue;/,
    );
    const secondTicket = await ticketOf(second);
    expect(secondTicket.id).toBeGreaterThan(firstTicket.id);

    // A site customer: the API's answer says it too, and so does their ticket's page.
    const site = await siteCustomer();
    const posted = await app.inject({
      method: 'POST',
      url: '/api/customer/tickets',
      headers: { cookie: site.cookie, origin: SITE_ORIGIN },
      remoteAddress: freshIp(),
      payload: {
        service: 'service:banners',
        request: 'A banner for my group',
        budgetRobux: '900',
        deadline: 'Friday',
        robloxUsername: 'Builder_2',
      },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      status: 'opening',
      queuePosition: 3,
      statusLabel: 'Waiting for a free channel (number 3 in the queue)',
      progress: expect.stringMatching(
        /^The studio is at capacity .* You are number 3 in the queue/,
      ),
    });
    const thirdTicket = await ticketOf(site.id);
    const page = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/customer/tickets/${thirdTicket.id}`,
          headers: { cookie: site.cookie },
        })
      ).json();

    // Staff are warned: a log line without customer data, the metric, the dashboard's warning.
    const warned = h.log.lines.filter(
      (line) =>
        line.level === 'warn' && String(line.msg).includes('the ticket categories are full'),
    );
    expect(warned.length).toBeGreaterThan(0);
    for (const line of warned) {
      expect(JSON.stringify(line)).not.toContain(first);
      expect(JSON.stringify(line)).not.toContain(second);
    }
    expect(await scrapeQueue()).toBe(3);
    const designer = await signInAsStaff(h.database.db, ['designer']);
    const capacity = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/staff/tickets/capacity',
          headers: { cookie: designer.cookie },
        })
      ).json();
    expect(await capacity()).toMatchObject({ waiting: 3, since: expect.any(String) });
    expect(
      (await app.inject({ method: 'GET', url: '/api/staff/tickets/capacity' })).statusCode,
    ).toBe(401);

    // One channel frees up: the first in the queue takes it, the others move up.
    freeOne();
    await expect.poll(async () => (await ticketOf(first)).status, LOADED).toBe('open');
    expect((await ticketOf(second)).status).toBe('opening');
    expect(await tickets().queuePosition(await ticketOf(second))).toBe(1);
    expect(await page()).toMatchObject({ status: 'opening', queuePosition: 2 });
    freeOne();
    await expect.poll(async () => (await ticketOf(second)).status, LOADED).toBe('open');
    expect((await page()).queuePosition).toBe(1);
    freeOne();
    await expect.poll(async () => (await page()).status, LOADED).toBe('open');
    expect(await page()).toMatchObject({ queuePosition: null, progress: null });
    expect(await capacity()).toEqual({ waiting: 0, since: null });
    expect(await scrapeQueue()).toBe(0);
    // The channels opened in ticket order.
    const opened = await h.database.db
      .select({ ticketId: ticketEvents.ticketId })
      .from(ticketEvents)
      .where(eq(ticketEvents.type, 'opened'))
      .orderBy(ticketEvents.id);
    const order = opened.map((row) => row.ticketId);
    expect(order.slice(-3)).toEqual([firstTicket.id, secondTicket.id, thirdTicket.id]);
    for (const id of [h.ids.ticketsCategory, h.ids.overflowCategory]) {
      for (const c of fillers(id))
        h.fake.guild.channels.splice(h.fake.guild.channels.indexOf(c), 1);
    }
    expect(h.fake.rejected).toEqual([]);
  });

  it('a closed ticket frees its channel for the next in the queue at once', async () => {
    const first = newCustomer();
    await answerOf(await orderInDiscord(first, 'service:liveries'));
    await expect.poll(async () => (await ticketOf(first)).status, LOADED).toBe('open');
    // Full again, the worker looking only when woken (a close wakes the queue).
    await worker?.close();
    worker = startWorker({ unroutedDelayMs: 60 * 60_000 });
    fill(h.ids.ticketsCategory);
    fill(h.ids.overflowCategory);
    const waiting = newCustomer();
    expect(await answerOf(await orderInDiscord(waiting, 'service:liveries'))).toMatch(
      /You are next in the queue/,
    );
    const lead = { discordId: h.users.lead, roles: new Set(['lead'] as const) };
    const done = await tickets().forceCloseTicket((await ticketOf(first)).id, lead, 'Delivered');
    expect(done.ok).toBe(true);
    await expect.poll(async () => (await ticketOf(waiting)).status, LOADED).toBe('open');
    for (const id of [h.ids.ticketsCategory, h.ids.overflowCategory]) {
      for (const c of fillers(id))
        h.fake.guild.channels.splice(h.fake.guild.channels.indexOf(c), 1);
    }
  });

  /** A ticket whose `ticket_open` job a crashed worker holds, its lease ten minutes long. */
  async function heldByDeadWorker(dead: { id: string; host: string; pid: number; beat: string }) {
    const services = await loadTicketServices(h.database.db);
    const customer = newCustomer();
    const requested = await tickets().requestTicket({
      customerDiscordId: customer,
      source: 'discord',
      intake: {
        service: 'service:uniforms',
        request: 'Uniforms for our police department',
        budgetRobux: 900,
        deadline: 'Friday',
        robloxUsername: 'Builder_3',
      },
      service: findTicketService(services, 'service:uniforms') as TicketService,
      onePerService: true,
    });
    if (!requested.ok) throw new Error(requested.reason);
    await h.database.db.insert(workerProcesses).values({
      id: dead.id,
      host: dead.host,
      pid: dead.pid,
      startedAt: sql`now() - interval '1 hour'`,
      heartbeatAt: sql`now() - ${sql.raw(`interval '${dead.beat}'`)}`,
    });
    const [event] = await h.database.db
      .select()
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, requested.ticket.id));
    await h.database.db
      .update(outbox)
      .set({
        lockedUntil: sql`now() + interval '10 minutes'`,
        lockedBy: dead.id,
        attempts: 1,
      })
      .where(and(eq(outbox.kind, 'ticket_open'), eq(outbox.refId, event?.id ?? 0)));
    return requested.ticket;
  }

  it('after a crash, a restarted worker opens the dead one’s ticket at once, not at lease end', async () => {
    await worker?.close();
    worker = null;
    // The crashed process ran on this host; its process is gone (a restart).
    let pid = 4_194_000;
    while (isProcessRunning(pid)) pid -= 1;
    const ticket = await heldByDeadWorker({
      id: 'crashed-worker',
      host: hostname(),
      pid,
      beat: '2 seconds',
    });
    worker = startWorker({ unroutedDelayMs: 100 });
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.status, LOADED)
      .toBe('open');
    expect(
      h.log.lines.some((line) => String(line.msg).includes('Outbox worker(s) found stopped')),
    ).toBe(true);
    const left = await h.database.db.select().from(workerProcesses);
    expect(left.map((row) => row.id)).not.toContain('crashed-worker');
  });

  it('a worker on another machine that stopped beating gives its tickets back; a live one keeps them', async () => {
    await worker?.close();
    worker = null;
    const alive = await heldByDeadWorker({
      id: 'busy-worker',
      host: 'another-machine',
      pid: 7,
      beat: '0 seconds',
    });
    const ticket = await heldByDeadWorker({
      id: 'silent-worker',
      host: 'another-machine',
      pid: 8,
      beat: '1 hour',
    });
    // Silent for an hour: dead, whichever host it ran on. Beating: alive, its lease holds.
    worker = startWorker({ unroutedDelayMs: 100, heartbeatMs: 50, workerStaleMs: 10 * 60_000 });
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.status, LOADED)
      .toBe('open');
    // The live worker's row is still its own (its beat is recent: its lease is respected).
    expect((await tickets().getTicket(alive.id))?.status).toBe('opening');
    const [held] = await h.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.lockedBy, 'busy-worker'));
    expect(held?.lockedUntil).not.toBeNull();
  });
});
