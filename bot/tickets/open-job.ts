import type { Config } from '../../core/config';
import { deliveryNonce } from '../../core/discord/delivery-nonce';
import { buildIntakeMessage, joinRefusalOf, type Ticket, ticketName } from '../../core/tickets';
import type { Database } from '../../db/client';
import { createCustomerAccountsRepository } from '../../db/repositories/customer-accounts';
import type { TicketsRepository } from '../../db/repositories/tickets';
import { DeliveryError, type DiscordSender } from '../delivery/sender';
import type { Log } from '../log';
import { freeTicketSlots, matchTicketChannel, ticketTopic } from './ticket-channel';
import { type ApiOverwrite, CategoryFullError, type TicketDiscord } from './ticket-discord';

// The `ticket_open` job (decision 046): makes the ticket's private channel and posts its
// intake, idempotently: a run repeated after a crash finds the channel it made by its topic
// and posts the intake under the same nonce, so a ticket never gets two channels.

/** View Channel, Send Messages, Embed Links, Attach Files, Read Message History. */
const TALK = String((1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n));
const VIEW = String(1n << 10n);

function ticketOverwrites(ticket: Ticket, config: Config, botId: string): ApiOverwrite[] {
  const guildId = config.discord.connection?.guildId ?? '';
  const staffRoles = [
    config.discord.roles.designer,
    config.discord.roles.lead,
    config.discord.roles.executive,
  ];
  return [
    // @everyone's role has the guild's id.
    { id: guildId, type: 0, allow: '0', deny: VIEW },
    { id: ticket.customerDiscordId, type: 1, allow: TALK, deny: '0' },
    ...[...new Set(staffRoles.filter((id): id is string => Boolean(id)))].map(
      (id): ApiOverwrite => ({ id, type: 0, allow: TALK, deny: '0' }),
    ),
    { id: botId, type: 1, allow: TALK, deny: '0' },
  ];
}

type OpenJobDeps = {
  db: Database;
  config: Config;
  discord: TicketDiscord;
  sender: DiscordSender;
  tickets: TicketsRepository;
  botId: () => Promise<string>;
  installId: () => Promise<string>;
  /** How long a ticket waits for a setting or a category with room before looking again. */
  waitMs: number;
  /** Past this since it was asked for, the opening fails for good (the customer is told). */
  deadlineMs: number;
  log: Log;
};

/** Runs one `ticket_open` row; returns where the intake went, or null when nothing was left. */
export async function runOpenJob(
  deps: OpenJobDeps,
  row: { id: number; refId: number; lastError: string | null },
  now = new Date(),
): Promise<{ channelId: string; messageId: string } | null> {
  const { config, discord, tickets } = deps;
  const event = await tickets.findTicketEvent(row.refId);
  const ticket = event && (await tickets.getTicket(event.ticketId));
  // Opened already, or closed before its channel was made: nothing to do.
  if (!event || ticket?.status !== 'opening') return null;
  if (now.getTime() - event.createdAt.getTime() >= deps.deadlineMs) {
    // Permanent: the worker marks the row failed and the ticket with it (`failOpening`).
    const minutes = Math.round(deps.deadlineMs / 60_000);
    const last = row.lastError ? `; last: ${row.lastError}` : '';
    throw new DeliveryError(`not opened within ${minutes} minutes${last}`, 'permanent');
  }
  const guildId = config.discord.connection?.guildId;
  const { categoryId, overflowCategoryId } = config.tickets;
  if (!guildId || !categoryId) {
    throw new DeliveryError('waiting for DISCORD_TICKETS_CATEGORY_ID', 'rate-limited', deps.waitMs);
  }
  await ensureMember(deps, ticket, guildId);
  const listed = await discord.listGuildChannels(guildId);
  const categories = [categoryId, overflowCategoryId];
  const channel =
    matchTicketChannel(listed, ticket) ??
    (await createInTurn(deps, ticket, guildId, categories, freeTicketSlots(listed, categories)));
  // Closed (or failed) while the channel was being made: the channel goes too, so none is
  // left pinging the customer without its ticket. Checked before the intake and after.
  const dropChannel = async () => {
    await discord.deleteChannel(channel);
    return null;
  };
  if ((await tickets.getTicket(ticket.id))?.status !== 'opening') return dropChannel();
  const installId = await deps.installId();
  const sent = await deps.sender.send({
    channelId: channel,
    payload: buildIntakeMessage(
      { ...ticket, status: ticket.claimantDiscordId ? 'claimed' : 'open', channelId: channel },
      event.type === 'reopened' ? { reopenedBy: event.actorDiscordId } : null,
    ),
    files: [],
    nonce: deliveryNonce(installId, `${row.id}-intake`),
  });
  if (!(await tickets.markTicketOpened(ticket.id, channel, { intakeMessageId: sent.messageId }))) {
    if ((await tickets.getTicket(ticket.id))?.channelId !== channel) return dropChannel();
  }
  // The next in the capacity queue (if any) takes its turn now rather than at its next look.
  await tickets.wakeQueue();
  return sent;
}

/**
 * The `ticket_open` row failed for good (the worker's verdict): the ticket is marked failed
 * with the reason, which queues the job that removes a channel made meanwhile and tells the
 * customer.
 */
export async function failOpening(
  tickets: TicketsRepository,
  row: { refId: number },
  reason: string,
): Promise<void> {
  const event = await tickets.findTicketEvent(row.refId);
  if (event) await tickets.markTicketFailed(event.ticketId, reason.slice(0, 1000));
}

/**
 * The capacity queue is served by ticket number: a ticket takes a free channel only when the
 * tickets before it that are still opening leave one for it (each of those needs one first).
 * Otherwise, or when Discord says every category is full, it joins the queue and waits; an
 * opening or a close wakes the queue (`wakeQueue`), and each looks again every `waitMs`.
 */
async function createInTurn(
  deps: OpenJobDeps,
  ticket: Ticket,
  guildId: string,
  categories: (string | undefined)[],
  free: number,
): Promise<string> {
  const earlier = await deps.tickets.countOpeningBefore(ticket.id);
  if (earlier < free) {
    const channel = await createChannel(deps, ticket, guildId, categories);
    if (channel) return channel;
  }
  await deps.tickets.queueTicket(ticket.id);
  if (earlier === 0) {
    const queue = await deps.tickets.readCapacityQueue();
    // The head of the queue says so for staff (no customer data: the ticket's number only).
    deps.log.warn(
      { ticketId: ticket.id, waiting: queue.waiting },
      `Ticket ${ticketName(ticket.id)} waits, ${queue.waiting} in the queue: ${CATEGORIES_FULL}`,
    );
  }
  throw new DeliveryError(
    earlier === 0 ? CATEGORIES_FULL : `waiting in the ticket queue behind ${earlier}`,
    'rate-limited',
    deps.waitMs,
  );
}

const CATEGORIES_FULL =
  'the ticket categories are full (50 channels each): close tickets or set DISCORD_TICKETS_OVERFLOW_CATEGORY_ID';

/** The channel made in the first category with room; null when Discord finds them all full. */
async function createChannel(
  deps: OpenJobDeps,
  ticket: Ticket,
  guildId: string,
  categories: (string | undefined)[],
): Promise<string | null> {
  const overwrites = ticketOverwrites(ticket, deps.config, await deps.botId());
  for (const parent of categories) {
    if (!parent) continue;
    try {
      const channel = await deps.discord.createChannel(guildId, {
        name: ticketName(ticket.id),
        parent_id: parent,
        topic: ticketTopic(ticket),
        permission_overwrites: overwrites,
      });
      return channel.id;
    } catch (error) {
      if (!(error instanceof CategoryFullError)) throw error;
    }
  }
  // Every category is full: the ticket queues (without spending attempts) until one has room.
  return null;
}

/**
 * A customer who ordered on the site may not be in the server yet: the bot adds them with the
 * `guilds.join` token they granted. Without one, or when Discord refuses (in 100 servers
 * already, banned, access withdrawn), the channel is made anyway and the refusal recorded: the
 * site tells them why and to join with the invite, where their ticket waits.
 */
async function ensureMember(deps: OpenJobDeps, ticket: Ticket, guildId: string): Promise<void> {
  if (ticket.source !== 'site') return;
  if (await deps.discord.isMember(guildId, ticket.customerDiscordId)) return;
  const accounts = createCustomerAccountsRepository(deps.db, {
    secret: deps.config.signIn.clientSecret,
  });
  const token = await accounts.accessTokenFor(ticket.customerDiscordId);
  if (!token) return;
  try {
    await deps.discord.addMember(guildId, ticket.customerDiscordId, token);
  } catch (error) {
    const refusal = error instanceof DeliveryError ? joinRefusalOf(error.code) : null;
    if (!refusal) throw error;
    // The token no longer works: forget it so no later job tries it again.
    if (refusal === 'access_revoked') await accounts.forgetTokens(ticket.customerDiscordId);
    deps.log.info(
      { ticketId: ticket.id, refusal },
      `Ticket ${ticketName(ticket.id)}: Discord would not add the customer to the server`,
    );
    await deps.tickets.recordJoinRefusal(ticket.id, refusal);
  }
}
