import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../bot/delivery/worker';
import { createDiscordSender } from '../../bot/discord-sender';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { type BotConfig, type RunningBot, startBot } from '../../bot/start-bot';
import { runTicketInactivity } from '../../bot/tickets/inactivity';
import { createTicketDiscord } from '../../bot/tickets/ticket-discord';
import { loadTicketServices } from '../../bot/tickets/ticket-interaction';
import { publicUrl } from '../../core/config';
import { findTicketService, type TicketService } from '../../core/tickets';
import { createCustomerAccountsRepository } from '../../db/repositories/customer-accounts';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createTicketTranscriptsRepository } from '../../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { outbox, tickets as ticketsTable } from '../../db/schema';
import { buildTestApp } from '../support/app';
import { DRIVERS } from '../support/database';
import { generateSnowflake, type InteractionRecord } from '../support/fake-discord';
import type { FakeMessage } from '../support/fake-discord/messages';
import { signInAsStaff } from '../support/staff';
import { type BotHarness, startBotHarness } from './harness';

// Tickets end to end: the real client and dispatcher against the fake Discord, the worker
// making and archiving channels. Waits, not speed checks.
const LOADED = { timeout: 30_000 };
const SELECT = 3;
// The customer's answer waits 20 s for the channel: it links it, or (on a slow machine) says
// the ticket is queued; either way the ticket opens.
const QUEUED_OR_LINKED = /^Your ticket is open: <#\d+>$|is queued and opens in a moment/;

describe.each(DRIVERS)('tickets in Discord on %s', (driver) => {
  let h: BotHarness;
  let worker: OutboxWorker | null = null;
  let panel: FakeMessage;
  let customers = 0;
  beforeAll(async () => {
    h = await startBotHarness(driver);
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    worker = h.startWorker();
  }, 60_000);
  let restartedBot: RunningBot | null = null;
  afterAll(async () => {
    await restartedBot?.close();
    await h?.close();
  });

  const tickets = () => createTicketsRepository(h.database.db);
  const newCustomer = () => {
    customers += 1;
    return h.fake.addMember({ username: `customer-${customers}` }).user.id;
  };
  const answerOf = async (record: InteractionRecord) => {
    const text = () =>
      [
        record.loading ? undefined : record.original?.content,
        ...record.followUps.map((m) => m.content),
      ]
        .filter(Boolean)
        .join('\n');
    await expect.poll(text, LOADED).not.toBe('');
    return text();
  };
  const run = (
    name: string,
    userId: string,
    options: Record<string, string | number>,
    channelId = h.ids.ticketChannel,
  ) => h.fake.runCommand({ name, options, channelId, userId });
  const click = (message: FakeMessage, customId: string, userId: string) =>
    h.fake.clickButton({ messageId: message.id, customId, channelId: message.channelId, userId });

  /** The customer picks a service on the panel and fills in the form; the modal's record. */
  async function order(
    userId: string,
    service = 'service:banners',
    fields: Record<string, string> = {},
  ) {
    const opened = await h.fake.clickButton({
      messageId: panel.id,
      customId: 'ticket:service',
      channelId: panel.channelId,
      userId,
      componentType: SELECT,
      values: [service],
    });
    expect(opened.response?.type).toBe(9);
    return h.fake.submitModal({
      modal: opened,
      fields: {
        request: 'A recruitment banner in blue and gold',
        budget: '1,500',
        deadline: 'Next Friday',
        roblox_username: '@Builder_1',
        ...fields,
      },
    });
  }
  /** A ticket opened for a new customer: its row and its channel's intake message. */
  async function openTicket(service?: string) {
    const customer = newCustomer();
    const submitted = await order(customer, service);
    expect(submitted.response?.type).toBe(5); // deferred within Discord's 3 s
    const answer = await answerOf(submitted);
    expect(answer).toMatch(QUEUED_OR_LINKED);
    await expect
      .poll(async () => (await tickets().listTicketsForCustomer(customer))[0]?.status, LOADED)
      .toBe('open');
    const [ticket] = await tickets().listTicketsForCustomer(customer);
    const channelId = ticket?.channelId;
    if (!ticket || !channelId) throw new Error('no channel for the ticket');
    const intake = h.fake.messagesIn(channelId)[0] as FakeMessage;
    return { customer, ticket, channelId, intake, answer };
  }

  it('posts the panel for executives only, and posting again replaces it', async () => {
    const refused = await run('ticketpanel', h.users.designer, {}, h.ids.ticketChannel);
    expect(refused.response?.data?.content).toBe('This needs the Executive role.');
    const first = await run('ticketpanel', h.users.executive, {}, h.ids.contactChannel);
    expect(await answerOf(first)).toBe('Panel posted.');
    const second = await run('ticketpanel', h.users.executive, {}, h.ids.contactChannel);
    expect(await answerOf(second)).toBe('Panel posted; the old one is removed.');
    const panels = h.fake
      .messagesIn(h.ids.contactChannel)
      .filter((m) => m.embeds[0]?.title === 'Order a design');
    expect(panels.map((m) => m.deleted)).toEqual([true, false]);
    panel = panels[1] as FakeMessage;
    const rows = panel.components as Array<{ components: Array<Record<string, unknown>> }>;
    expect(rows[0]?.components[0]).toMatchObject({
      custom_id: 'ticket:order',
      label: 'Order a design',
    });
    const options = rows[1]?.components[0]?.options as Array<{ value: string }>;
    expect(options.map((o) => o.value)).toContain('service:banners');
    expect(options.some((o) => o.value.startsWith('plan:'))).toBe(true);
    // "Order a design" asks which service, with the same select.
    const asked = await click(panel, 'ticket:order', newCustomer());
    expect(asked.original?.components?.[0]).toMatchObject({
      components: [{ custom_id: 'ticket:service' }],
    });
  });

  it('opens a private channel under the category with the intake, and answers with its link', async () => {
    const { customer, ticket, channelId, intake, answer } = await openTicket();
    expect(answer).toBe(`Your ticket is open: <#${channelId}>`);
    const channel = h.fake.channel(channelId);
    expect(channel).toMatchObject({ name: ticket.orderId, parentId: h.ids.ticketsCategory });
    const overwrites = new Map(channel?.overwrites?.map((o) => [o.id, o]));
    expect(overwrites.get(h.fake.guild.id)?.deny).toBe(String(1n << 10n));
    for (const id of [
      customer,
      h.ids.designerRole,
      h.ids.leadRole,
      h.ids.executiveRole,
      h.fake.bot.id,
    ]) {
      expect(BigInt(overwrites.get(id)?.allow ?? 0) & (1n << 11n)).toBe(1n << 11n);
    }
    expect(intake.embeds[0]?.description).toBe('A recruitment banner in blue and gold');
    expect(intake.pings.users).toEqual([customer]);
    expect(intake.components).toMatchObject([
      {
        components: [
          { custom_id: `ticket:claim:${ticket.id}` },
          { custom_id: `ticket:close:${ticket.id}` },
        ],
      },
    ]);
    expect(ticket).toMatchObject({
      status: 'open',
      budgetRobux: 1500,
      robloxUsername: 'Builder_1',
    });

    // A second ticket for the same service is refused with the first one's link.
    const again = await order(customer);
    expect(await answerOf(again)).toBe(
      `You already have an open ticket for Banners: <#${channelId}>.`,
    );
    // A bad form is answered in words, and stores nothing.
    const bad = await order(newCustomer(), 'service:logos-graphics', {
      budget: 'lots',
      roblox_username: 'a b',
    });
    expect(await answerOf(bad)).toMatch(
      /Budget must be a whole number of Robux[\s\S]*Roblox usernames/,
    );
    expect(h.fake.rejected).toEqual([]);
  });

  it('claims once, refuses others, makes the claimant the designer of /createpayment’s order', async () => {
    const { customer, ticket, channelId, intake } = await openTicket();
    const byCustomer = await click(intake, `ticket:claim:${ticket.id}`, customer);
    expect(byCustomer.response?.data?.content).toBe(
      'This needs the Designer, Lead Designer or Executive role.',
    );
    const claimed = await click(intake, `ticket:claim:${ticket.id}`, h.users.designer);
    expect(claimed.response?.type).toBe(6);
    await expect
      .poll(() => intake.components, LOADED)
      .toMatchObject([{ components: [{ label: 'Claimed', disabled: true }, {}] }]);
    const fields = () => intake.embeds[0]?.fields as Array<{ name: string; value: string }>;
    expect(fields().find((f) => f.name === 'Claimed by')?.value).toMatch(
      new RegExp(`^<@${h.users.designer}> <t:\\d+:f>$`),
    );
    // The ticket says who will handle the order, pinging the customer once.
    await expect
      .poll(() => h.fake.messagesIn(channelId).map((m) => m.content), LOADED)
      .toContain(`<@${customer}> <@${h.users.designer}> will handle your order.`);
    const announced = h.fake
      .messagesIn(channelId)
      .find((m) => m.content.endsWith('will handle your order.'));
    expect(announced?.pings.users).toEqual([customer]);
    const late = await click(intake, `ticket:claim:${ticket.id}`, h.users.lead);
    await expect.poll(() => late.followUps[0]?.content, LOADED).toContain('is already claimed by');

    // Inside the ticket /createpayment needs no order id: the order is the ticket's.
    const payment = await run(
      'createpayment',
      h.users.designer,
      { price: 700, roblox_username: 'Builder_1' },
      channelId,
    );
    expect(await answerOf(payment)).toContain(
      `Payment request for order ${ticket.orderId} created.`,
    );
    const order = await createOrdersRepository(h.database.db).findOrder(ticket.orderId);
    expect(order).toMatchObject({
      designerDiscordId: h.users.designer,
      customerDiscordId: customer,
      ticketChannelId: channelId,
    });
    // A lead reassigns: the order follows the ticket.
    const reassigned = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'reassign',
      options: { designer: h.users.lead },
      channelId,
      userId: h.users.lead,
    });
    expect(await answerOf(reassigned)).toBe(`${ticket.orderId} now belongs to <@${h.users.lead}>.`);
    expect(
      (await createOrdersRepository(h.database.db).findOrder(ticket.orderId))?.designerDiscordId,
    ).toBe(h.users.lead);
    const outside = await run(
      'createpayment',
      h.users.designer,
      { price: 700, roblox_username: 'Builder_1' },
      h.ids.contactChannel,
    );
    expect(await answerOf(outside)).toBe(
      'Run /createpayment inside the order’s ticket, or give its order_id.',
    );
  });

  it('closes after the customer confirms: transcript stored and posted, channel deleted; reopens', async () => {
    const { customer, ticket, channelId, intake } = await openTicket();
    await click(intake, `ticket:claim:${ticket.id}`, h.users.designer);
    h.fake.postAsMember({
      channelId,
      userId: customer,
      content: 'Can it be <b>gold</b>? <script>alert(1)</script>',
    });
    h.fake.postAsMember({ channelId, userId: h.users.designer, content: 'Sure!' });
    const byOther = await click(intake, `ticket:close:${ticket.id}`, h.users.member);
    await expect
      .poll(() => byOther.followUps[0]?.content, LOADED)
      .toContain('Only the designer who claimed');
    await click(intake, `ticket:close:${ticket.id}`, h.users.designer);
    const prompt = await (async () => {
      await expect
        .poll(
          () => h.fake.messagesIn(channelId).some((m) => m.content.includes('asks to close')),
          LOADED,
        )
        .toBe(true);
      return h.fake
        .messagesIn(channelId)
        .find((m) => m.content.includes('asks to close')) as FakeMessage;
    })();
    expect(prompt.pings.users).toEqual([customer]);
    const byDesigner = await click(prompt, `ticket:confirm:${ticket.id}`, h.users.designer);
    await expect
      .poll(() => byDesigner.followUps[0]?.content, LOADED)
      .toBe(`Only the customer of ${ticket.orderId} can answer this.`);
    await click(prompt, `ticket:confirm:${ticket.id}`, customer);

    await expect.poll(() => h.fake.channel(channelId), LOADED).toBeUndefined();
    const stored = await createTicketTranscriptsRepository(h.database.db).listTranscript(ticket.id);
    expect(stored.map((m) => m.content)).toContain(
      'Can it be <b>gold</b>? <script>alert(1)</script>',
    );
    expect(stored.find((m) => m.authorDiscordId === customer)?.authorName).toBe(
      `customer-${customers}`,
    );
    const post = h.fake
      .messagesIn(h.ids.transcriptsChannel)
      .find((m) => String(m.embeds[0]?.title ?? '').startsWith(`Transcript of ${ticket.orderId}`));
    const file = post?.attachments[0];
    expect(file?.filename).toBe(`${ticket.orderId}.html`);
    const html = file?.bytes.toString('utf8') ?? '';
    expect(html).toContain(
      'Can it be &lt;b&gt;gold&lt;/b&gt;? &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(html).not.toContain('<script>');
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.transcriptStoredAt, LOADED)
      .not.toBeNull();

    // Closed: the customer reopens it within the window, in a new channel.
    const reopen = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'reopen',
      options: { ticket: ticket.orderId },
      channelId: h.ids.contactChannel,
      userId: customer,
    });
    expect(await answerOf(reopen)).toContain('is reopening');
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.channelId, LOADED)
      .toMatch(/^\d+$/);
    const again = await tickets().getTicket(ticket.id);
    expect(again?.channelId).not.toBe(channelId);
    expect(h.fake.channel(again?.channelId ?? '')?.name).toBe(ticket.orderId);
  });

  it('runs a whole order in its ticket: claimed, paid, QC’d, delivered, reviewed, closed, in the dashboard', async () => {
    const { customer, ticket, channelId, intake } = await openTicket();
    const { orderId } = ticket;
    await click(intake, `ticket:claim:${ticket.id}`, h.users.designer);
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.status, LOADED)
      .toBe('claimed');
    h.fake.postAsMember({ channelId, userId: customer, content: 'Blue and gold, please.' });

    // Paid: /createpayment in the ticket (no order id), verified in the payments channel.
    const payment = await run(
      'createpayment',
      h.users.designer,
      { price: 700, roblox_username: 'Builder_1' },
      channelId,
    );
    expect(await answerOf(payment)).toContain(`Payment request for order ${orderId} created.`);
    const inChannel = async (id: string, title: string) => {
      worker?.wake();
      await expect
        .poll(() => h.fake.messagesIn(id).some((m) => m.embeds[0]?.title === title), LOADED)
        .toBe(true);
      return h.fake.messagesIn(id).find((m) => m.embeds[0]?.title === title) as FakeMessage;
    };
    const request = await inChannel(
      h.ids.paymentsChannel,
      `Verify the payment for order ${orderId}`,
    );
    await click(request, `order:verify_payment:${orderId}`, h.users.verifier);
    const orders = createOrdersRepository(h.database.db);
    const events = async () => (await orders.listEvents(orderId)).map((event) => event.type);
    await expect.poll(events, LOADED).toContain('payment_verified');

    // QC'd by a lead, delivered to the customer's DMs, reviewed by the customer.
    const submitted = await run(
      'qualitycontrol',
      h.users.designer,
      { order_id: orderId },
      channelId,
    );
    expect(await answerOf(submitted)).toContain('submitted to quality control');
    const qc = await inChannel(h.ids.qcChannel, `Quality control: order ${orderId}`);
    await click(qc, `order:qc_approve:${orderId}:1`, h.users.lead);
    const passed = await inChannel(channelId, `Order ${orderId} passed quality control`);
    const delivered = await click(passed, `order:deliver:${orderId}`, h.users.designer);
    expect(await answerOf(delivered)).toContain('on its way to the customer');
    worker?.wake();
    // The payment's receipt, then the delivery.
    await expect.poll(() => h.fake.dmsTo(customer).length, LOADED).toBe(2);
    expect(h.fake.dmsTo(customer).at(-1)?.embeds[0]?.title).toBe(`Your order ${orderId} is ready`);
    const reviewOpened = await run('review', customer, { order_id: orderId }, channelId);
    const reviewed = await h.fake.submitModal({
      modal: reviewOpened,
      fields: { rating: '5', comment: 'Great work', publish: 'yes' },
    });
    expect(await answerOf(reviewed)).toContain(`Thank you for reviewing order ${orderId}!`);

    // Closed after the customer confirms: the channel goes, the transcript stays.
    await click(intake, `ticket:close:${ticket.id}`, h.users.designer);
    await expect
      .poll(
        () => h.fake.messagesIn(channelId).some((m) => m.content.includes('asks to close')),
        LOADED,
      )
      .toBe(true);
    const prompt = h.fake
      .messagesIn(channelId)
      .find((m) => m.content.includes('asks to close')) as FakeMessage;
    await click(prompt, `ticket:confirm:${ticket.id}`, customer);
    await expect.poll(() => h.fake.channel(channelId), LOADED).toBeUndefined();

    // The dashboard shows it closed, its order's history and the ticket's in one timeline,
    // and the transcript.
    const app = await buildTestApp(h.database, { env: h.env });
    try {
      const lead = await signInAsStaff(h.database.db, ['lead']);
      const detail = async () =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/staff/tickets/${ticket.id}`,
            headers: { cookie: lead.cookie },
          })
        ).json();
      await expect.poll(async () => (await detail()).transcript !== null, LOADED).toBe(true);
      const shown = await detail();
      expect(shown.status).toBe('closed');
      expect(shown.timeline.map((entry: { type: string }) => entry.type)).toEqual(
        expect.arrayContaining(['claimed', 'payment_verified', 'delivered', 'reviewed']),
      );
      expect(shown.transcript.map((line: { content: string }) => line.content)).toContain(
        'Blue and gold, please.',
      );
    } finally {
      await app.close();
    }
  });

  it('force-closes with a reason from /ticket close, for the claimant or a lead only', async () => {
    const { customer, ticket, channelId } = await openTicket();
    const byDesigner = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'close',
      options: { reason: 'spam' },
      channelId,
      userId: h.users.designer,
    });
    expect(await answerOf(byDesigner)).toContain('Only the designer who claimed');
    const byLead = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'close',
      options: { reason: 'Customer asked by DM' },
      channelId,
      userId: h.users.lead,
    });
    expect(await answerOf(byLead)).toBe(
      `${ticket.orderId} is closed; its transcript is being saved.`,
    );
    await expect.poll(() => h.fake.channel(channelId), LOADED).toBeUndefined();
    expect(await tickets().getTicket(ticket.id)).toMatchObject({
      status: 'closed',
      closeReason: 'Customer asked by DM',
      closedBy: h.users.lead,
    });
    // The customer keeps a record by DM: who closed it and why, the conversation attached.
    await expect.poll(() => h.fake.dmsTo(customer).length, LOADED).toBe(1);
    const [record] = h.fake.dmsTo(customer);
    expect(record?.content).toBe(
      [
        `Your order ${ticket.orderId} (${ticket.serviceLabel}) is closed.`,
        `Closed by <@${h.users.lead}>: Customer asked by DM.`,
        'No designer had claimed it.',
        `The conversation stays on Your orders: ${publicUrl(h.config)}/orders/${ticket.id}`,
      ].join('\n'),
    );
    expect(record?.attachments.map((a) => a.filename)).toEqual([`${ticket.orderId}.html`]);
    expect(record?.pings.users).toEqual([]);
  });

  it('adds and removes a person with channel overwrites', async () => {
    const { channelId } = await openTicket();
    const guest = newCustomer();
    const added = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'add',
      options: { user: guest },
      channelId,
      userId: h.users.designer,
    });
    expect(await answerOf(added)).toBe(`<@${guest}> can now see this ticket.`);
    expect(h.fake.channel(channelId)?.overwrites?.some((o) => o.id === guest)).toBe(true);
    const removed = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'remove',
      options: { user: guest },
      channelId,
      userId: h.users.designer,
    });
    expect(await answerOf(removed)).toBe(`<@${guest}> no longer sees this ticket.`);
    expect(h.fake.channel(channelId)?.overwrites?.some((o) => o.id === guest)).toBe(false);
    const renamed = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'rename',
      options: { name: 'Logo & Banner!' },
      channelId,
      userId: h.users.designer,
    });
    expect(await answerOf(renamed)).toMatch(/^Renamed to #ticket-\d{4}-logo-banner\.$/);
    expect(h.fake.channel(channelId)?.name).toMatch(/^ticket-\d{4}-logo-banner$/);
    const byCustomer = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'add',
      options: { user: guest },
      channelId,
      userId: h.users.member,
    });
    expect(await answerOf(byCustomer)).toBe(
      'Only designers, lead designers and executives can do this.',
    );
  });

  it('survives Discord 5xx and 429 while opening and a crash after the channel: one channel each', async () => {
    h.fake.failNext(1, { status: 503 }, { method: 'POST', path: /^\/guilds\/\d+\/channels$/ });
    h.fake.failNext(
      1,
      { status: 429, retryAfter: 0.2 },
      { method: 'POST', path: /^\/guilds\/\d+\/channels$/ },
    );
    // The channel is made, then posting the intake fails: the retry finds the channel again.
    h.fake.failNext(1, { status: 500 }, { method: 'POST', path: /^\/channels\/\d+\/messages$/ });
    const { ticket } = await openTicket('service:emojis');
    const named = [...h.fake.guild.channels, ...h.fake.deletedChannels].filter(
      (c) => c.name === ticket.orderId,
    );
    expect(named).toHaveLength(1);
  });

  it('archives a ticket once through Discord 5xx and 429 and a worker restart while closing', async () => {
    const { customer, ticket, channelId } = await openTicket('service:discord-bots');
    h.fake.postAsMember({ channelId, userId: customer, content: 'Thanks, all good' });
    await worker?.close();
    worker = null;
    const lead = { discordId: h.users.lead, roles: new Set(['lead'] as const) };
    expect((await tickets().forceCloseTicket(ticket.id, lead, 'Delivered')).ok).toBe(true);
    h.fake.failNext(1, { status: 503 }, { method: 'GET', path: /^\/channels\/\d+\/messages$/ });
    h.fake.failNext(
      1,
      { status: 429, retryAfter: 0.1 },
      { method: 'POST', path: new RegExp(`^/channels/${h.ids.transcriptsChannel}/messages$`) },
    );
    h.fake.failNext(
      1,
      { status: 502 },
      { method: 'DELETE', path: new RegExp(`^/channels/${channelId}$`) },
    );
    worker = h.startWorker();
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.transcriptStoredAt, LOADED)
      .not.toBeNull();
    expect(h.fake.channel(channelId)).toBeUndefined();
    const posts = h.fake
      .messagesIn(h.ids.transcriptsChannel)
      .filter((m) => m.attachments[0]?.filename === `${ticket.orderId}.html`);
    expect(posts).toHaveLength(1);
    const notices = h.fake
      .messagesIn(channelId)
      .filter((m) => m.content.startsWith('This ticket was closed'));
    expect(notices).toHaveLength(1);
    const stored = await createTicketTranscriptsRepository(h.database.db).listTranscript(ticket.id);
    expect(stored.filter((m) => m.content === 'Thanks, all good')).toHaveLength(1);
    const history = await tickets().listTicketHistory(ticket.id);
    expect(history.filter((e) => e.type === 'transcript_stored')).toHaveLength(1);
  });

  it('spills into the overflow category when the first holds 50, and waits when both are full', async () => {
    await worker?.close();
    worker = h.startWorker({ unroutedDelayMs: 100 });
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
    fill(h.ids.ticketsCategory);
    const spilled = await openTicket('service:photography-editing');
    expect(h.fake.channel(spilled.channelId)?.parentId).toBe(h.ids.overflowCategory);
    fill(h.ids.overflowCategory);
    const customer = newCustomer();
    const submitted = await order(customer, 'service:photography-editing');
    await expect
      .poll(
        () =>
          h.log.lines.some((line) => String(line.msg).includes('the ticket categories are full')),
        LOADED,
      )
      .toBe(true);
    // A channel is freed: the queued ticket opens there.
    const filler = h.fake.channelsUnder(h.ids.ticketsCategory).find((c) => c.name === 'filler');
    h.fake.guild.channels.splice(h.fake.guild.channels.indexOf(filler as never), 1);
    await expect
      .poll(async () => (await tickets().listTicketsForCustomer(customer))[0]?.status, LOADED)
      .toBe('open');
    // Queued behind full categories, the customer was told their place (issue 33).
    expect(await answerOf(submitted)).toMatch(/You are next in the queue|^Your ticket is open/);
    for (const id of [h.ids.ticketsCategory, h.ids.overflowCategory]) {
      for (const c of h.fake.channelsUnder(id).filter((c) => c.name === 'filler')) {
        h.fake.guild.channels.splice(h.fake.guild.channels.indexOf(c), 1);
      }
    }
    expect(h.fake.rejected).toEqual([]);
  });

  it('warns a quiet ticket, then closes it unless someone wrote', async () => {
    const { customer, ticket, channelId } = await openTicket('service:liveries');
    const deps = {
      db: h.database.db,
      config: h.config,
      discord: createTicketDiscord(h.fake.botToken, h.fake.apiUrl),
      sender: createDiscordSender(h.fake.botToken, h.fake.apiUrl),
      log: h.log,
    };
    const DAY = 24 * 60 * 60 * 1000;
    const base = Date.now();
    const later = (days: number) => new Date(base + days * DAY);
    // Every open ticket of this file is quiet as far as `later` is concerned; watch this one.
    const state = async () => (await tickets().getTicket(ticket.id)) ?? ticket;
    await runTicketInactivity(deps, later(1));
    expect((await state()).inactivityWarnedAt).toBeNull();
    await runTicketInactivity(deps, later(6));
    expect((await state()).inactivityWarnedAt).not.toBeNull();
    const warning = h.fake.messagesIn(channelId).at(-1);
    expect(warning?.content).toContain('closes in 2 days unless someone writes here');
    expect(warning?.pings.users).toEqual([customer]);
    // The customer answers: no close; quiet again long after, warned again, then closed.
    h.fake.postAsMember({ channelId, userId: customer, content: 'Still here!' });
    await tickets().recordTicketActivity(ticket.id, later(7));
    await runTicketInactivity(deps, later(9));
    expect((await state()).status).toBe('open');
    await runTicketInactivity(deps, later(13));
    expect((await state()).inactivityWarnedAt?.getTime()).toBe(later(13).getTime());
    await runTicketInactivity(deps, later(16));
    expect(await tickets().getTicket(ticket.id)).toMatchObject({
      status: 'closed',
      closeReason: 'Closed after no activity',
    });
    await expect.poll(() => h.fake.channel(channelId), LOADED).toBeUndefined();
  });

  it('opens tickets queued while no worker ran (a restart between two steps)', async () => {
    await worker?.close();
    worker = null;
    const customer = newCustomer();
    const submitted = await order(customer, 'service:uniforms');
    const stored = async () =>
      (
        await h.database.db
          .select()
          .from(ticketsTable)
          .where(eq(ticketsTable.customerDiscordId, customer))
      )[0];
    await expect.poll(async () => (await stored())?.status, LOADED).toBe('opening');
    // The worker comes back: the ticket opens.
    worker = h.startWorker();
    await expect.poll(async () => (await stored())?.status, LOADED).toBe('open');
    expect(await answerOf(submitted)).toMatch(QUEUED_OR_LINKED);
    const pending = await h.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(pending.filter((r) => r.kind === 'ticket_open')).toEqual([]);
  });

  it('keeps the panel and a ticket’s buttons working after the bot restarts', async () => {
    const { ticket, intake } = await openTicket('service:discord-setup');
    await h.bot.close();
    restartedBot = await startBot(h.config as BotConfig, { db: h.database.db, log: h.log });
    const opened = await h.fake.clickButton({
      messageId: panel.id,
      customId: 'ticket:service',
      channelId: panel.channelId,
      userId: newCustomer(),
      componentType: SELECT,
      values: ['plan:basic-design'],
    });
    expect(opened.modal).toMatchObject({ custom_id: 'ticket:intake:plan:basic-design' });
    const claimed = await click(intake, `ticket:claim:${ticket.id}`, h.users.designer);
    expect(claimed.response?.type).toBe(6);
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.claimantDiscordId, LOADED)
      .toBe(h.users.designer);
  });
  it('fails an opening past its deadline: the customer is told, no channel stays, a new order opens', async () => {
    await worker?.close();
    worker = h.startWorker({ ticketOpenDeadlineMs: 0 });
    const customer = newCustomer();
    const submitted = await order(customer, 'service:uniforms');
    expect(await answerOf(submitted)).toMatch(/We could not open this ticket|is queued/);
    const [ticket] = await tickets().listTicketsForCustomer(customer);
    if (!ticket) throw new Error('no ticket stored');
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.status, LOADED)
      .toBe('failed');
    expect((await tickets().getTicket(ticket.id))?.closeReason).toMatch(
      /^not opened within 0 minutes/,
    );
    await expect
      .poll(() => h.fake.dmsTo(customer).map((m) => m.content), LOADED)
      .toEqual([
        expect.stringMatching(
          new RegExp(`^Your order ${ticket.orderId} \\(.+\\): We could not open this ticket`),
        ),
      ]);
    // A customer whose DMs are closed: the close job is done all the same (the site says it).
    const quiet = newCustomer();
    h.fake.setDmsClosed(quiet, true);
    await answerOf(await order(quiet, 'service:uniforms'));
    const [quietTicket] = await tickets().listTicketsForCustomer(quiet);
    await expect
      .poll(
        () =>
          h.log.lines.some((line) =>
            String(line.msg).startsWith(`${quietTicket?.orderId}: the customer cannot get DMs`),
          ),
        LOADED,
      )
      .toBe(true);
    expect(h.fake.guild.channels.filter((c) => c.name === ticket.orderId)).toEqual([]);

    // Staff see it failed with the reason; the customer orders the same service again.
    const app = await buildTestApp(h.database, { env: h.env });
    try {
      const lead = await signInAsStaff(h.database.db, ['lead']);
      const shown = await app.inject({
        method: 'GET',
        url: `/api/staff/tickets/${ticket.id}`,
        headers: { cookie: lead.cookie },
      });
      expect(shown.json()).toMatchObject({
        status: 'failed',
        closeReason: expect.stringMatching(/^not opened within/),
      });
    } finally {
      await app.close();
    }
    await worker?.close();
    worker = h.startWorker();
    const again = await order(customer, 'service:uniforms');
    expect(await answerOf(again)).toMatch(QUEUED_OR_LINKED);
    await expect
      .poll(async () => (await tickets().listTicketsForCustomer(customer))[0]?.status, LOADED)
      .toBe('open');
  });

  it('closing a ticket while its channel is being made leaves no channel behind', async () => {
    const lead = { discordId: h.users.lead, roles: new Set(['lead'] as const) };
    // The channel's creation is held by Discord while a lead force-closes the ticket.
    h.fake.delayNext(1, 1500, { method: 'POST', path: /^\/guilds\/\d+\/channels$/ });
    const customer = newCustomer();
    const submitted = await order(customer, 'service:logos-graphics');
    await expect
      .poll(async () => (await tickets().listTicketsForCustomer(customer)).length, LOADED)
      .toBe(1);
    const [ticket] = await tickets().listTicketsForCustomer(customer);
    if (!ticket) throw new Error('no ticket stored');
    expect((await tickets().forceCloseTicket(ticket.id, lead, 'Wrong service')).ok).toBe(true);
    await answerOf(submitted);
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.transcriptStoredAt, LOADED)
      .not.toBeNull();
    await expect
      .poll(() => h.fake.guild.channels.filter((c) => c.name === ticket.orderId), LOADED)
      .toEqual([]);
    expect((await tickets().getTicket(ticket.id))?.channelId).toBeNull();

    // A crash after the channel was made and before it was recorded, then a close: the close
    // job finds the channel by its topic and archives it.
    await worker?.close();
    worker = null;
    const other = newCustomer();
    const queued = await order(other, 'service:logos-graphics');
    await expect
      .poll(async () => (await tickets().listTicketsForCustomer(other)).length, LOADED)
      .toBe(1);
    const [opening] = await tickets().listTicketsForCustomer(other);
    if (!opening) throw new Error('no ticket stored');
    const orphan = {
      id: generateSnowflake(),
      name: opening.orderId,
      type: 0,
      parentId: h.ids.ticketsCategory,
      topic: `Lunar ${opening.orderId} · ${opening.serviceLabel}`,
    };
    h.fake.guild.channels.push(orphan);
    expect((await tickets().forceCloseTicket(opening.id, lead, 'Duplicate')).ok).toBe(true);
    worker = h.startWorker();
    await answerOf(queued);
    await expect.poll(() => h.fake.channel(orphan.id), LOADED).toBeUndefined();
    await expect
      .poll(async () => (await tickets().getTicket(opening.id))?.transcriptStoredAt, LOADED)
      .not.toBeNull();
    expect(h.fake.guild.channels.filter((c) => c.name === opening.orderId)).toEqual([]);
  });

  it('opens the channel when Discord refuses to add a site customer, and tells them why', async () => {
    const secret = 'ticket-test-client-secret';
    await worker?.close();
    worker = h.startWorker(
      {},
      { ...h.config, signIn: { ...h.config.signIn, clientSecret: secret } },
    );
    const user = { id: generateSnowflake(), username: 'busy-customer' };
    const accessToken = h.fake.oauth.grant(user, ['identify', 'guilds.join']);
    const accounts = createCustomerAccountsRepository(h.database.db, { secret });
    await accounts.signedIn(
      { discordId: user.id, username: user.username },
      { accessToken, refreshToken: null, expiresIn: 3600, scopes: ['identify', 'guilds.join'] },
    );
    h.fake.refuseJoin(user.id, 'max_guilds');
    const services = await loadTicketServices(h.database.db);
    const requested = await tickets().requestTicket({
      customerDiscordId: user.id,
      source: 'site',
      intake: {
        service: 'service:banners',
        request: 'A banner for my group',
        budgetRobux: 900,
        deadline: 'Friday',
        robloxUsername: 'Builder_2',
      },
      service: findTicketService(services, 'service:banners') as TicketService,
      onePerService: true,
    });
    if (!requested.ok) throw new Error(requested.reason);
    const { ticket } = requested;
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.status, LOADED)
      .toBe('open');
    const opened = await tickets().getTicket(ticket.id);
    expect(opened?.joinRefusal).toBe('too_many_servers');
    expect(h.fake.channel(opened?.channelId ?? '')?.name).toBe(ticket.orderId);
    expect(h.fake.guild.members.some((m) => m.user.id === user.id)).toBe(false);
    const history = await tickets().listTicketHistory(ticket.id);
    expect(history.filter((e) => e.type === 'join_refused')).toHaveLength(1);

    // The customer's API (and "Your orders" page) says why, and what to do.
    const app = await buildTestApp(h.database, {
      env: { ...h.env, DISCORD_CLIENT_ID: h.fake.oauth.clientId, DISCORD_CLIENT_SECRET: secret },
    });
    try {
      const { token } = await accounts.createSession(user.id);
      const shown = await app.inject({
        method: 'GET',
        url: `/api/customer/tickets/${ticket.id}`,
        headers: { cookie: `lunar_customer=${token}` },
      });
      expect(shown.json()).toMatchObject({
        status: 'open',
        problem: expect.stringMatching(/already in 100 servers.*join ours with the invite/),
      });
    } finally {
      await app.close();
    }
  });
});
