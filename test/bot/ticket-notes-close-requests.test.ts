import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { createSiteContentRepository } from '../../db/repositories/site-content';
import { createTicketNotesRepository } from '../../db/repositories/ticket-notes';
import { createTicketTranscriptsRepository } from '../../db/repositories/ticket-transcripts';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { DRIVERS } from '../support/database';
import type { InteractionRecord } from '../support/fake-discord';
import type { FakeMessage } from '../support/fake-discord/messages';
import { type BotHarness, startBotHarness } from './harness';

// What ticket-bot users expect (issue 33), end to end with the real client against the fake
// Discord: staff-only notes with /ticket note (answered only to the writer, never in the
// channel, the transcript or the close DM), and customers asking to close their own ticket
// when the studio allows it, staff confirming or denying, once each however many press.

const LOADED = { timeout: 20_000 };

describe.each(DRIVERS)('ticket notes and customer close requests on %s', (driver) => {
  let h: BotHarness;
  let customers = 0;
  beforeAll(async () => {
    h = await startBotHarness(driver);
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    h.startWorker();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const tickets = () => createTicketsRepository(h.database.db);
  const setCustomersMayClose = (on: boolean) =>
    createSiteContentRepository(h.database.db).write('tickets', { customersMayAskToClose: on });

  /** A ticket opened by the worker for a new customer: its row, channel and intake message. */
  async function openTicket() {
    customers += 1;
    const customer = h.fake.addMember({ username: `buyer-${customers}` }).user.id;
    const result = await tickets().requestTicket({
      customerDiscordId: customer,
      source: 'discord',
      intake: {
        service: 'service:banners',
        request: 'A banner in blue and gold',
        budgetRobux: 900,
        deadline: 'Friday',
        robloxUsername: 'Builder',
      },
      service: { key: 'service:banners', label: 'Banners' },
      onePerService: false,
    });
    if (!result.ok) throw new Error(result.reason);
    await expect
      .poll(async () => (await tickets().getTicket(result.ticket.id))?.status, LOADED)
      .toBe('open');
    const ticket = await tickets().getTicket(result.ticket.id);
    const channelId = ticket?.channelId;
    if (!ticket || !channelId) throw new Error('no channel for the ticket');
    await expect.poll(() => h.fake.messagesIn(channelId).length, LOADED).toBeGreaterThan(0);
    const intake = h.fake.messagesIn(channelId)[0] as FakeMessage;
    return { customer, ticket, channelId, intake };
  }
  /** The bot's answer to an interaction, once there is one: the reply and its follow-ups. */
  async function answerOf(record: InteractionRecord) {
    const text = () =>
      [
        record.loading ? undefined : (record.original?.content ?? record.response?.data?.content),
        ...record.followUps.map((m) => m.content),
      ]
        .filter(Boolean)
        .join('\n');
    await expect.poll(text, LOADED).not.toBe('');
    return text();
  }
  const ticketCommand = (
    subcommand: string,
    options: Record<string, string>,
    channelId: string,
    userId: string,
  ) => h.fake.runCommand({ name: 'ticket', subcommand, options, channelId, userId });
  const click = (message: FakeMessage, customId: string, userId: string) =>
    h.fake.clickButton({ messageId: message.id, customId, channelId: message.channelId, userId });
  const requestsIn = (channelId: string) =>
    h.fake.messagesIn(channelId).filter((m) => / asks to close ticket-\d+\./.test(m.content));

  it('keeps /ticket notes for staff: answered only to the writer, never in the channel, transcript or DM', async () => {
    const { customer, ticket, channelId } = await openTicket();
    const secret = 'Customer asked for a refund last time: take Robux first';
    const added = await ticketCommand('note', { text: secret }, channelId, h.users.designer);
    expect(added.response?.type).toBe(5);
    expect(added.response?.data?.flags).toBe(64);
    expect(await answerOf(added)).toBe(
      `Note added to ${ticket.orderId}. Only staff see it, on the ticket’s dashboard page.`,
    );
    const notes = createTicketNotesRepository(h.database.db);
    expect(
      (await notes.listNotes(ticket.id)).map((n) => [n.text, n.via, n.authorDiscordId]),
    ).toEqual([[secret, 'discord', h.users.designer]]);
    // Bad input is answered in words and stores nothing.
    const blank = await ticketCommand('note', { text: '   ' }, channelId, h.users.designer);
    expect(await answerOf(blank)).toBe('Note is required');
    const byCustomer = await ticketCommand('note', { text: 'hello' }, channelId, customer);
    expect(await answerOf(byCustomer)).toBe(
      'Only designers, lead designers and executives can do this.',
    );
    // Claimed by the lead: the designer no longer works on it (the dashboard's scope rule).
    const lead = { discordId: h.users.lead, roles: new Set(['lead'] as const) };
    expect((await tickets().claimTicket(ticket.id, lead)).ok).toBe(true);
    const notTheirs = await ticketCommand('note', { text: 'mine?' }, channelId, h.users.designer);
    expect(await answerOf(notTheirs)).toBe(
      `Only the designer who claimed ${ticket.orderId}, a lead designer or an executive can read or add its notes.`,
    );
    expect(await notes.listNotes(ticket.id)).toHaveLength(1);

    h.fake.postAsMember({ channelId, userId: customer, content: 'Is it done?' });
    expect((await tickets().forceCloseTicket(ticket.id, lead, 'Delivered')).ok).toBe(true);
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.transcriptStoredAt, LOADED)
      .not.toBeNull();
    const everything = [
      ...h.fake.messagesIn(channelId),
      ...h.fake.messagesIn(h.ids.transcriptsChannel),
      ...h.fake.dmsTo(customer),
    ];
    expect(h.fake.dmsTo(customer)).toHaveLength(1);
    for (const message of everything) {
      expect(JSON.stringify(message.embeds) + message.content).not.toContain('refund');
      for (const file of message.attachments) {
        expect(file.bytes.toString('utf8')).not.toContain('refund');
      }
    }
    const stored = await createTicketTranscriptsRepository(h.database.db).listTranscript(ticket.id);
    expect(stored.map((line) => line.content)).toContain('Is it done?');
    expect(stored.some((line) => line.content.includes('refund'))).toBe(false);
    expect(h.fake.rejected).toEqual([]);
  });

  it('tells the customer only staff close tickets while the setting is off', async () => {
    await setCustomersMayClose(false);
    const { customer, ticket, channelId, intake } = await openTicket();
    const pressed = await click(intake, `ticket:close:${ticket.id}`, customer);
    expect(await answerOf(pressed)).toBe('Only staff can close tickets here.');
    const typed = await ticketCommand('close', { reason: 'All done' }, channelId, customer);
    expect(await answerOf(typed)).toBe('Only staff can close tickets here.');
    expect(requestsIn(channelId)).toEqual([]);
    expect(await tickets().getTicket(ticket.id)).toMatchObject({
      status: 'open',
      customerCloseRequestedAt: null,
    });
  });

  it('posts one request however often the customer presses; racing confirms close it once', async () => {
    await setCustomersMayClose(true);
    const { customer, ticket, channelId, intake } = await openTicket();
    const [first, second] = await Promise.all([
      click(intake, `ticket:close:${ticket.id}`, customer),
      click(intake, `ticket:close:${ticket.id}`, customer),
    ]);
    const answers = [
      await answerOf(first as InteractionRecord),
      await answerOf(second as InteractionRecord),
    ];
    expect(answers.sort()).toEqual([
      'Asked staff to close this ticket; they confirm or deny it here.',
      `You already asked to close ${ticket.orderId}; staff will confirm or deny it here.`,
    ]);
    const again = await ticketCommand('close', { reason: 'Done, thanks' }, channelId, customer);
    expect(await answerOf(again)).toBe(
      `You already asked to close ${ticket.orderId}; staff will confirm or deny it here.`,
    );
    await expect.poll(() => requestsIn(channelId).length, LOADED).toBe(1);
    const request = requestsIn(channelId)[0] as FakeMessage;
    expect(request.components).toMatchObject([
      {
        components: [
          { custom_id: `ticket:approve:${ticket.id}`, label: 'Confirm and close' },
          { custom_id: `ticket:deny:${ticket.id}`, label: 'Deny' },
        ],
      },
    ]);
    expect(request.pings.users).toEqual([]);

    const byCustomer = await click(request, `ticket:approve:${ticket.id}`, customer);
    expect(byCustomer.response?.data?.content).toBe(
      'This needs the Designer, Lead Designer or Executive role.',
    );
    const byDesigner = await click(request, `ticket:approve:${ticket.id}`, h.users.designer);
    expect(await answerOf(byDesigner)).toBe(
      `Only the designer who claimed ${ticket.orderId}, a lead designer or an executive can do this.`,
    );
    const racing = await Promise.all([
      click(request, `ticket:approve:${ticket.id}`, h.users.lead),
      click(request, `ticket:approve:${ticket.id}`, h.users.executive),
    ]);
    const refusals = async () => racing.flatMap((record) => record.followUps.map((m) => m.content));
    await expect.poll(refusals, LOADED).toEqual([`${ticket.orderId} is closed.`]);
    const closed = await tickets().getTicket(ticket.id);
    expect(closed).toMatchObject({
      status: 'closed',
      closeReason: "Closed at the customer's request",
    });
    expect([h.users.lead, h.users.executive]).toContain(closed?.closedBy);
    await expect
      .poll(() => request.content, LOADED)
      .toBe(
        `<@${customer}> asked to close ${ticket.orderId}. Confirmed by <@${closed?.closedBy}>: the ticket is closing.`,
      );
    expect(request.components).toEqual([]);
    // Closed through the normal path: one close event, the transcript, the channel gone, the DM.
    const history = await tickets().listTicketHistory(ticket.id);
    expect(history.filter((event) => event.type === 'closed')).toHaveLength(1);
    await expect.poll(() => h.fake.channel(channelId), LOADED).toBeUndefined();
    await expect.poll(() => h.fake.dmsTo(customer).length, LOADED).toBe(1);
    expect(h.fake.dmsTo(customer)[0]?.content).toContain(
      `Closed by <@${closed?.closedBy}>: Closed at the customer's request.`,
    );
    expect(h.fake.rejected).toEqual([]);
  });

  it('withdraws a request Discord would not post, so pressing again posts it', async () => {
    await setCustomersMayClose(true);
    const { customer, ticket, channelId, intake } = await openTicket();
    h.fake.failNext(
      1,
      { status: 403, code: 50013, message: 'Missing Permissions' },
      { method: 'POST', path: new RegExp(`^/channels/${channelId}/messages$`) },
    );
    const failed = await click(intake, `ticket:close:${ticket.id}`, customer);
    expect(await answerOf(failed)).toMatch(/^Something went wrong \(reference [0-9a-f]{8}\)\.$/);
    expect((await tickets().getTicket(ticket.id))?.customerCloseRequestedAt).toBeNull();
    const again = await click(intake, `ticket:close:${ticket.id}`, customer);
    expect(await answerOf(again)).toBe(
      'Asked staff to close this ticket; they confirm or deny it here.',
    );
    await expect.poll(() => requestsIn(channelId).length, LOADED).toBe(1);
  });

  it('denies a request: the customer is told, the ticket stays open and can ask again', async () => {
    await setCustomersMayClose(true);
    const { customer, ticket, channelId } = await openTicket();
    const designer = { discordId: h.users.designer, roles: new Set(['designer'] as const) };
    expect((await tickets().claimTicket(ticket.id, designer)).ok).toBe(true);
    const asked = await ticketCommand(
      'close',
      { reason: 'Changed my *mind*' },
      channelId,
      customer,
    );
    expect(await answerOf(asked)).toBe(
      'Asked staff to close this ticket; they confirm or deny it here.',
    );
    await expect.poll(() => requestsIn(channelId).length, LOADED).toBe(1);
    const request = requestsIn(channelId)[0] as FakeMessage;
    // The claimant is pinged; the customer's words are shown as typed.
    expect(request.pings.users).toEqual([h.users.designer]);
    expect(request.content).toContain('They wrote: “Changed my \\*mind\\*”');

    await click(request, `ticket:deny:${ticket.id}`, h.users.designer);
    await expect
      .poll(() => request.content, LOADED)
      .toBe(
        `<@${customer}> asked to close ${ticket.orderId}. Denied by <@${h.users.designer}>: the ticket stays open.`,
      );
    const told = `<@${customer}> <@${h.users.designer}> kept this ticket open: your request to close it was denied. Ask here if anything is unclear.`;
    await expect
      .poll(() => h.fake.messagesIn(channelId).map((m) => m.content), LOADED)
      .toContain(told);
    expect(h.fake.messagesIn(channelId).find((m) => m.content === told)?.pings.users).toEqual([
      customer,
    ]);
    const late = await click(request, `ticket:approve:${ticket.id}`, h.users.lead);
    expect(await answerOf(late)).toBe(
      `The customer's request to close ${ticket.orderId} was already answered.`,
    );
    expect(await tickets().getTicket(ticket.id)).toMatchObject({
      status: 'claimed',
      customerCloseRequestedAt: null,
    });
    const history = (await tickets().listTicketHistory(ticket.id)).map((event) => event.type);
    expect(history).toEqual(
      expect.arrayContaining(['customer_close_requested', 'customer_close_denied']),
    );
    const again = await ticketCommand('close', { reason: 'Really done' }, channelId, customer);
    expect(await answerOf(again)).toBe(
      'Asked staff to close this ticket; they confirm or deny it here.',
    );
    // A new request (the answered one now says who denied it).
    await expect
      .poll(() => requestsIn(channelId).map((m) => m.id !== request.id), LOADED)
      .toEqual([true]);
    expect(h.fake.rejected).toEqual([]);
  });
});
