import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxWorker } from '../../bot/delivery/worker';
import { createDiscordSender } from '../../bot/discord-sender';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { createTicketJobs } from '../../bot/tickets/jobs';
import type { Actor, StaffRole } from '../../core/orders';
import { TicketIntakeSchema } from '../../core/tickets';
import { createOutboxRepository } from '../../db/repositories/outbox';
import { createSystemStateRepository } from '../../db/repositories/system-state';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { outbox } from '../../db/schema';
import { buildTestApp } from '../support/app';
import { DRIVERS } from '../support/database';
import type { FakeMessage } from '../support/fake-discord/messages';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { type BotHarness, startBotHarness } from './harness';

// Who has a ticket, as the ticket shows it (issue 33): a reassign from the dashboard or
// /ticket updates the intake and announces the designer once (through the outbox, so a
// restart neither loses nor repeats it); Claim on a stale intake names who has it and puts
// the intake right; a reopened ticket says it was reopened. Waits, not speed checks.
const LOADED = { timeout: 30_000 };

const intake = TicketIntakeSchema.parse({
  service: 'service:banners',
  request: 'A recruitment banner in blue and gold',
  budgetRobux: '1,500',
  deadline: 'Next Friday',
  robloxUsername: 'Builder_1',
});

describe.each(DRIVERS)('ticket claims in Discord on %s', (driver) => {
  let h: BotHarness;
  let worker: OutboxWorker | null = null;
  let customers = 0;
  beforeAll(async () => {
    h = await startBotHarness(driver);
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    worker = h.startWorker();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const tickets = () => createTicketsRepository(h.database.db);
  const actor = (discordId: string, ...roles: StaffRole[]): Actor => ({
    discordId,
    roles: new Set(roles),
  });
  const stopWorker = async () => {
    await worker?.close();
    worker = null;
  };
  const restartWorker = async () => {
    await stopWorker();
    worker = h.startWorker();
  };

  /** A ticket opened by the worker: its row, channel and intake message. */
  async function openTicket() {
    customers += 1;
    const customer = h.fake.addMember({ username: `claims-customer-${customers}` }).user.id;
    const requested = await tickets().requestTicket({
      customerDiscordId: customer,
      source: 'discord',
      intake,
      service: { key: 'service:banners', label: 'Banners' },
      onePerService: true,
    });
    if (!requested.ok) throw new Error(requested.reason);
    await expect
      .poll(async () => (await tickets().getTicket(requested.ticket.id))?.status, LOADED)
      .toBe('open');
    const ticket = await tickets().getTicket(requested.ticket.id);
    const channelId = ticket?.channelId;
    if (!ticket || !channelId) throw new Error('no channel for the ticket');
    const intakeMessage = h.fake.messagesIn(channelId)[0] as FakeMessage;
    return { customer, ticket, channelId, intake: intakeMessage };
  }

  const claimedBy = (message: FakeMessage) =>
    (message.embeds[0]?.fields as Array<{ name: string; value: string }> | undefined)?.find(
      (field) => field.name === 'Claimed by',
    )?.value;
  const claimButton = (message: FakeMessage) =>
    (message.components as Array<{ components: Array<{ label: string; disabled?: boolean }> }>)[0]
      ?.components[0];
  const announcements = (channelId: string) =>
    h.fake.messagesIn(channelId).filter((m) => m.content.endsWith('will handle your order.'));

  /** A lead reassigns the ticket on the dashboard. */
  async function reassignOnDashboard(ticketId: number, to: string) {
    const app = await buildTestApp(h.database, { env: h.env });
    try {
      const lead = await signInAsStaff(h.database.db, ['lead']);
      return await app.inject({
        method: 'POST',
        url: `/api/staff/tickets/${ticketId}/reassign`,
        headers: { cookie: lead.cookie, origin: SITE_ORIGIN },
        payload: { to },
      });
    } finally {
      await app.close();
    }
  }

  it('shows a dashboard reassign on the intake and announces the designer once', async () => {
    const { customer, ticket, channelId, intake } = await openTicket();
    expect(claimedBy(intake)).toBe('Nobody yet');
    const greeting = intake.content;
    const moved = await reassignOnDashboard(ticket.id, h.users.designer);
    expect([moved.statusCode, moved.json().status]).toEqual([200, 'claimed']);

    await expect.poll(() => claimedBy(intake), LOADED).toMatch(`<@${h.users.designer}> <t:`);
    expect(claimButton(intake)).toMatchObject({ label: 'Claimed', disabled: true });
    expect(intake.embeds[0]?.footer).toMatchObject({
      text: expect.stringMatching(/^Status: Claimed/),
    });
    // The greeting stays as posted; only the embed and buttons change.
    expect(intake.content).toBe(greeting);
    await expect.poll(() => announcements(channelId).length, LOADED).toBe(1);
    const [announced] = announcements(channelId);
    expect(announced?.content).toBe(
      `<@${customer}> <@${h.users.designer}> will handle your order.`,
    );
    expect(announced?.pings.users).toEqual([customer]);

    // Claim pressed now answers who has it.
    const late = await h.fake.clickButton({
      messageId: intake.id,
      customId: `ticket:claim:${ticket.id}`,
      channelId,
      userId: h.users.lead,
    });
    await expect
      .poll(() => late.followUps[0]?.content, LOADED)
      .toBe(
        `${ticket.orderId} is already claimed by <@${h.users.designer}>. A lead designer or an executive can reassign it.`,
      );
    expect(announcements(channelId)).toHaveLength(1);
    expect(h.fake.rejected).toEqual([]);
  });

  it('announces once when the job runs again after a crash between sending and recording', async () => {
    const { ticket, channelId, intake } = await openTicket();
    await stopWorker();
    expect((await reassignOnDashboard(ticket.id, h.users.designer)).statusCode).toBe(200);
    const [row] = await h.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'ticket_claim'), eq(outbox.status, 'pending')));
    if (!row) throw new Error('no ticket_claim job queued');
    // A worker ran the job to the end and died before recording it: the row is still pending.
    const systemState = createSystemStateRepository(h.database.db);
    const jobs = createTicketJobs({
      db: h.database.db,
      config: h.config,
      sender: createDiscordSender(h.fake.botToken, h.fake.apiUrl),
      log: h.log,
      installId: () => systemState.installId(),
      deleteDelayMs: 0,
      waitMs: 100,
      openDeadlineMs: 60_000,
    });
    await jobs.run(row);
    expect(announcements(channelId)).toHaveLength(1);
    expect(claimButton(intake)).toMatchObject({ label: 'Claimed', disabled: true });
    // The row comes back to a restarted worker, which runs it again.
    worker = h.startWorker();
    await expect
      .poll(
        async () =>
          (await createOutboxRepository(h.database.db).findByRef('ticket_claim', row.refId))
            ?.status,
        LOADED,
      )
      .toBe('delivered');
    expect(announcements(channelId)).toHaveLength(1);
  });

  it('puts a stale intake right when Claim is pressed, naming who has the ticket', async () => {
    const { customer, ticket, channelId, intake } = await openTicket();
    await stopWorker();
    const lead = actor(h.users.lead, 'lead');
    expect((await tickets().reassignTicket(ticket.id, lead, actor(h.users.lead, 'lead'))).ok).toBe(
      true,
    );
    // The job has not run: the intake still offers Claim.
    expect(claimButton(intake)).toMatchObject({ label: 'Claim', disabled: false });
    const pressed = await h.fake.clickButton({
      messageId: intake.id,
      customId: `ticket:claim:${ticket.id}`,
      channelId,
      userId: h.users.designer,
    });
    await expect
      .poll(() => pressed.followUps[0]?.content, LOADED)
      .toContain(`is already claimed by <@${h.users.lead}>.`);
    await expect.poll(() => claimButton(intake), LOADED).toMatchObject({ disabled: true });
    expect(claimedBy(intake)).toMatch(`<@${h.users.lead}>`);
    expect((await tickets().getTicket(ticket.id))?.claimantDiscordId).toBe(h.users.lead);
    // The queued job still announces the lead, once.
    await restartWorker();
    await expect.poll(() => announcements(channelId).length, LOADED).toBe(1);
    expect(announcements(channelId)[0]?.content).toBe(
      `<@${customer}> <@${h.users.lead}> will handle your order.`,
    );
  });

  it('shows /ticket unclaim and reassign on the intake, announcing only the reassign', async () => {
    const { ticket, channelId, intake } = await openTicket();
    const claimed = await h.fake.clickButton({
      messageId: intake.id,
      customId: `ticket:claim:${ticket.id}`,
      channelId,
      userId: h.users.designer,
    });
    expect(claimed.response?.type).toBe(6);
    await expect.poll(() => announcements(channelId).length, LOADED).toBe(1);
    const unclaimed = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'unclaim',
      options: {},
      channelId,
      userId: h.users.lead,
    });
    await expect
      .poll(() => unclaimed.original?.content, LOADED)
      .toBe(`${ticket.orderId} is unclaimed.`);
    await expect.poll(() => claimedBy(intake), LOADED).toBe('Nobody yet');
    expect(claimButton(intake)).toMatchObject({ label: 'Claim', disabled: false });
    const reassigned = await h.fake.runCommand({
      name: 'ticket',
      subcommand: 'reassign',
      options: { designer: h.users.secondLead },
      channelId,
      userId: h.users.lead,
    });
    await expect
      .poll(() => reassigned.original?.content, LOADED)
      .toBe(`${ticket.orderId} now belongs to <@${h.users.secondLead}>.`);
    await expect.poll(() => announcements(channelId).length, LOADED).toBe(2);
    expect(announcements(channelId)[1]?.content).toContain(
      `<@${h.users.secondLead}> will handle your order.`,
    );
    await expect.poll(() => claimedBy(intake), LOADED).toMatch(`<@${h.users.secondLead}>`);
  });

  it('says a reopened ticket was reopened, and by whom, instead of thanking again', async () => {
    const { customer, ticket, channelId, intake } = await openTicket();
    expect(intake.content).toBe(
      `<@${customer}> thanks for your order! A designer will be with you soon.`,
    );
    const lead = actor(h.users.lead, 'lead');
    expect((await tickets().forceCloseTicket(ticket.id, lead, 'Paused')).ok).toBe(true);
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.transcriptStoredAt, LOADED)
      .not.toBeNull();
    expect((await tickets().reopenTicket(ticket.id, actor(customer), 7)).ok).toBe(true);
    await expect
      .poll(async () => (await tickets().getTicket(ticket.id))?.channelId, LOADED)
      .not.toBeNull();
    const reopened = await tickets().getTicket(ticket.id);
    expect(reopened?.channelId).not.toBe(channelId);
    const [greeting] = h.fake.messagesIn(reopened?.channelId ?? '');
    expect(greeting?.content).toBe(
      `<@${customer}> Ticket reopened by <@${customer}>. A designer will be with you soon.`,
    );
    expect(greeting?.pings.users).toEqual([customer]);
    expect(claimButton(greeting as FakeMessage)).toMatchObject({ label: 'Claim' });
  });
});
