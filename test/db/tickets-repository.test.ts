import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, StaffRole } from '../../core/orders';
import { TicketIntakeSchema, type TicketService } from '../../core/tickets';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createTicketTranscriptsRepository } from '../../db/repositories/ticket-transcripts';
import { createTicketsRepository, type TicketsRepository } from '../../db/repositories/tickets';
import { outbox, tickets } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

const actor = (discordId: string, ...roles: StaffRole[]): Actor => ({
  discordId,
  roles: new Set(roles),
});
const designer = actor('100000000000000001', 'designer');
const otherDesigner = actor('100000000000000002', 'designer');
const lead = actor('100000000000000003', 'lead');
const executive = actor('100000000000000004', 'executive');
let customers = 0;
const newCustomer = () => {
  customers += 1;
  return actor(`3000000000000${String(customers).padStart(5, '0')}`);
};
const banners: TicketService = { key: 'service:banners', label: 'Banners' };
const logos: TicketService = { key: 'service:logos-graphics', label: 'Logos & Graphics' };
const intake = TicketIntakeSchema.parse({
  service: banners.key,
  request: 'A recruitment banner in blue and gold',
  budgetRobux: '1,500',
  deadline: 'Next Friday',
  robloxUsername: '@Builder_1',
});
const DAY = 24 * 60 * 60 * 1000;

describe.each(DRIVERS)('tickets repository on %s', (driver) => {
  let database: TestDatabase;
  let repo: TicketsRepository;
  let channels = 0;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    repo = createTicketsRepository(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const request = (customer: Actor, service = banners, onePerService = true) =>
    repo.requestTicket({
      customerDiscordId: customer.discordId,
      source: 'discord',
      intake: { ...intake, service: service.key },
      service,
      onePerService,
    });
  /** A ticket whose channel the open job made. */
  async function openTicket(customer = newCustomer()) {
    const result = await request(customer);
    if (!result.ok) throw new Error(result.reason);
    channels += 1;
    await repo.markTicketOpened(
      result.ticket.id,
      `4000000000000${String(channels).padStart(5, '0')}`,
    );
    const ticket = await repo.getTicket(result.ticket.id);
    if (!ticket) throw new Error('ticket vanished');
    return { ticket, customer };
  }
  const jobsFor = async (kind: 'ticket_open' | 'ticket_close') =>
    database.db.select().from(outbox).where(eq(outbox.kind, kind));

  it('stores a request as `opening` with its ticket_open job, and names it ticket-NNNN', async () => {
    const customer = newCustomer();
    const result = await request(customer);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.ticket).toMatchObject({
      status: 'opening',
      budgetRobux: 1500,
      robloxUsername: 'Builder_1',
      serviceLabel: 'Banners',
      orderId: `ticket-${String(result.ticket.id).padStart(4, '0')}`,
    });
    const [requested] = await repo.listTicketHistory(result.ticket.id);
    expect(requested).toMatchObject({ type: 'requested', actorDiscordId: customer.discordId });
    const events = await Promise.all(
      (await jobsFor('ticket_open')).map((job) => repo.findTicketEvent(job.refId)),
    );
    expect(events.map((event) => event?.ticketId)).toContain(result.ticket.id);
  });

  it('refuses a second open ticket for one service and names the first; another service is fine', async () => {
    const { ticket, customer } = await openTicket();
    const second = await request(customer);
    expect(second).toMatchObject({ ok: false, existing: { id: ticket.id } });
    if (!second.ok) expect(second.reason).toContain(`<#${ticket.channelId}>`);
    expect((await request(customer, logos)).ok).toBe(true);
    // With the rule off, a second ticket for the same service opens.
    expect((await request(customer, banners, false)).ok).toBe(true);
  });

  it('stores one ticket when the same customer asks ten times at once', async () => {
    const customer = newCustomer();
    const results = await Promise.all(Array.from({ length: 10 }, () => request(customer)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(tickets)
      .where(eq(tickets.customerDiscordId, customer.discordId));
    expect(rows).toHaveLength(1);
  });

  it('records the channel once, and claim waits for it', async () => {
    const result = await request(newCustomer());
    if (!result.ok) throw new Error(result.reason);
    expect(await repo.claimTicket(result.ticket.id, designer)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('still being opened'),
    });
    expect(await repo.markTicketOpened(result.ticket.id, '499999999999999999')).toBe(true);
    expect(await repo.markTicketOpened(result.ticket.id, '499999999999999998')).toBe(false);
    expect(await repo.findTicketByChannel('499999999999999999')).toMatchObject({
      id: result.ticket.id,
      status: 'open',
    });
  });

  it('gives a ticket claimed by ten designers at once to one, and refuses the others in words', async () => {
    const { ticket } = await openTicket();
    const claimers = Array.from({ length: 10 }, (_, i) =>
      actor(`1100000000000000${String(i).padStart(2, '0')}`, 'designer'),
    );
    const results = await Promise.all(
      claimers.map((claimer) => repo.claimTicket(ticket.id, claimer)),
    );
    const won = results.filter((result) => result.ok);
    expect(won).toHaveLength(1);
    const refusals = results
      .filter((result) => !result.ok)
      .map((result) => (result.ok ? '' : result.reason));
    expect(refusals.every((reason) => reason.includes('already claimed by'))).toBe(true);
    const stored = await repo.getTicket(ticket.id);
    expect(stored?.status).toBe('claimed');
    expect(claimers.map((claimer) => claimer.discordId)).toContain(stored?.claimantDiscordId);
  });

  it('refuses claims by customers and their own customer, and unclaim or reassign by non-leads', async () => {
    const { ticket, customer } = await openTicket();
    expect(await repo.claimTicket(ticket.id, customer)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Only designers'),
    });
    const selfCustomer = await openTicket(actor('300000000000099999'));
    const asDesigner = actor(selfCustomer.customer.discordId, 'designer');
    expect(await repo.claimTicket(selfCustomer.ticket.id, asDesigner)).toMatchObject({
      ok: false,
      reason: 'You cannot claim your own ticket.',
    });
    await repo.claimTicket(ticket.id, designer);
    expect(await repo.unclaimTicket(ticket.id, designer)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Only lead designers and executives'),
    });
    expect(await repo.reassignTicket(ticket.id, otherDesigner, otherDesigner)).toMatchObject({
      ok: false,
    });
    expect(await repo.reassignTicket(ticket.id, lead, customer)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Only a designer'),
    });
    expect(await repo.unclaimTicket(ticket.id, executive)).toMatchObject({
      ok: true,
      ticket: { status: 'open', claimantDiscordId: null },
    });
  });

  it('makes the claimant the order’s designer when a lead reassigns the ticket', async () => {
    const { ticket, customer } = await openTicket();
    await repo.claimTicket(ticket.id, designer);
    const orders = createOrdersRepository(database.db);
    const created = await orders.applyOrderCommand(
      {
        type: 'createPayment',
        orderId: ticket.orderId,
        price: 700,
        robloxUsername: 'Builder',
        ticketChannelId: ticket.channelId ?? '',
      },
      designer,
    );
    expect(created.ok).toBe(true);
    const reassigned = await repo.reassignTicket(ticket.id, lead, otherDesigner);
    expect(reassigned).toMatchObject({
      ok: true,
      ticket: { claimantDiscordId: otherDesigner.discordId },
    });
    expect(await orders.findOrder(ticket.orderId)).toMatchObject({
      designerDiscordId: otherDesigner.discordId,
    });
    const history = await repo.listTicketHistory(ticket.id);
    expect(history.map((entry) => `${entry.source}:${entry.type}`)).toEqual([
      'ticket:requested',
      'ticket:opened',
      'ticket:claimed',
      'order:order_created',
      'ticket:reassigned',
    ]);
    const [listed] = await repo.listTicketsForCustomer(customer.discordId);
    expect(listed).toMatchObject({ id: ticket.id, orderStatus: 'awaiting_payment' });
  });

  it('closes after the customer confirms, queues the archive job once, and refuses the rest', async () => {
    const { ticket, customer } = await openTicket();
    await repo.claimTicket(ticket.id, designer);
    expect(await repo.askToCloseTicket(ticket.id, otherDesigner)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Only the designer who claimed'),
    });
    expect(await repo.confirmClose(ticket.id, customer)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Nobody asked'),
    });
    expect(await repo.askToCloseTicket(ticket.id, designer)).toMatchObject({
      ok: true,
      ticket: { status: 'awaiting_customer' },
    });
    expect(await repo.confirmClose(ticket.id, designer)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Only the customer'),
    });
    expect(await repo.keepOpen(ticket.id, customer)).toMatchObject({
      ok: true,
      ticket: { status: 'claimed' },
    });
    await repo.askToCloseTicket(ticket.id, lead);
    const before = (await jobsFor('ticket_close')).length;
    const answers = await Promise.all([
      repo.confirmClose(ticket.id, customer),
      repo.confirmClose(ticket.id, customer),
    ]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect((await jobsFor('ticket_close')).length).toBe(before + 1);
    expect(await repo.getTicket(ticket.id)).toMatchObject({
      status: 'closed',
      closedBy: customer.discordId,
    });
    for (const attempt of [
      repo.claimTicket(ticket.id, otherDesigner),
      repo.askToCloseTicket(ticket.id, lead),
      repo.forceCloseTicket(ticket.id, lead, 'again'),
    ]) {
      expect(await attempt).toMatchObject({ ok: false, reason: `${ticket.orderId} is closed.` });
    }
  });

  it('force-closes with a reason for the claimant or a lead, not another designer', async () => {
    const { ticket } = await openTicket();
    await repo.claimTicket(ticket.id, designer);
    expect(await repo.forceCloseTicket(ticket.id, otherDesigner, 'spam')).toMatchObject({
      ok: false,
    });
    expect(
      await repo.forceCloseTicket(ticket.id, designer, 'Customer stopped answering'),
    ).toMatchObject({
      ok: true,
      ticket: {
        status: 'closed',
        closeReason: 'Customer stopped answering',
        closedBy: designer.discordId,
      },
    });
  });

  it('reopens within the window once the transcript is stored, and not past it', async () => {
    const { ticket, customer } = await openTicket();
    const closedAt = new Date();
    await repo.forceCloseTicket(ticket.id, lead, 'Paused', closedAt);
    expect(await repo.reopenTicket(ticket.id, customer, 7)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('still being archived'),
    });
    await createTicketTranscriptsRepository(database.db).markTranscriptStored(ticket.id, 0);
    expect(await repo.reopenTicket(ticket.id, otherDesigner, 7)).toMatchObject({ ok: false });
    expect(
      await repo.reopenTicket(ticket.id, customer, 7, new Date(closedAt.getTime() + 8 * DAY)),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('more than 7 days ago'),
    });
    const opensBefore = (await jobsFor('ticket_open')).length;
    expect(await repo.reopenTicket(ticket.id, customer, 7)).toMatchObject({
      ok: true,
      ticket: { status: 'opening', channelId: null },
    });
    expect((await jobsFor('ticket_open')).length).toBe(opensBefore + 1);
  });

  it('refuses a reopen while the customer has another open ticket for that service', async () => {
    const { ticket, customer } = await openTicket();
    await repo.forceCloseTicket(ticket.id, lead, 'Duplicate');
    await createTicketTranscriptsRepository(database.db).markTranscriptStored(ticket.id, 0);
    const other = await openTicket(customer);
    const refused = await repo.reopenTicket(ticket.id, customer, 7);
    expect(refused).toMatchObject({
      ok: false,
      reason: `You already have an open ticket for Banners: <#${other.ticket.channelId}>.`,
    });
    expect(await repo.getTicket(ticket.id)).toMatchObject({ status: 'closed' });
  });

  it('warns a quiet ticket, closes it only if it stayed quiet', async () => {
    const { ticket } = await openTicket();
    const later = new Date(Date.now() + 10 * DAY);
    expect((await repo.listQuietTickets(later)).map((quiet) => quiet.id)).toContain(ticket.id);
    expect(await repo.closeInactiveTicket(ticket.id, later)).toMatchObject({ ok: false });
    await repo.warnInactiveTicket(ticket.id, later);
    await repo.recordTicketActivity(ticket.id, new Date(later.getTime() + 1000));
    expect(
      await repo.closeInactiveTicket(ticket.id, new Date(later.getTime() + 2 * DAY)),
    ).toMatchObject({ ok: false });
    await repo.warnInactiveTicket(ticket.id, new Date(later.getTime() + 2 * DAY));
    expect(
      await repo.closeInactiveTicket(ticket.id, new Date(later.getTime() + 4 * DAY)),
    ).toMatchObject({
      ok: true,
      ticket: { status: 'closed', closedBy: null },
    });
  });

  it('stores a transcript page once even when the close job runs twice', async () => {
    const { ticket } = await openTicket();
    await repo.forceCloseTicket(ticket.id, lead, 'Done');
    const transcripts = createTicketTranscriptsRepository(database.db);
    const page = [1, 2, 3].map((n) => ({
      discordMessageId: `50000000000000000${n}`,
      authorDiscordId: designer.discordId,
      authorName: 'Designer',
      authorIsBot: false,
      sentAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
      content: `<b>message ${n}</b>`,
      embedsText: '',
      attachments: [{ name: 'a.png', url: 'https://cdn.discordapp.com/a.png' }],
    }));
    await transcripts.storeTranscriptMessages(ticket.id, page);
    await transcripts.storeTranscriptMessages(ticket.id, page);
    await transcripts.markTranscriptStored(ticket.id, 3);
    await transcripts.markTranscriptStored(ticket.id, 3);
    const stored = await transcripts.listTranscript(ticket.id);
    expect(stored.map((message) => message.content)).toEqual([
      '<b>message 1</b>',
      '<b>message 2</b>',
      '<b>message 3</b>',
    ]);
    const history = await repo.listTicketHistory(ticket.id);
    expect(history.filter((entry) => entry.type === 'transcript_stored')).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticket.id)));
    expect(rows[0]?.transcriptStoredAt).not.toBeNull();
  });
});
