import type { Config } from '../../core/config';
import { deliveryNonce } from '../../core/discord/delivery-nonce';
import { buildIntakeMessage, type Ticket, ticketName } from '../../core/tickets';
import type { Database } from '../../db/client';
import { createCustomerAccountsRepository } from '../../db/repositories/customer-accounts';
import type { TicketsRepository } from '../../db/repositories/tickets';
import { DeliveryError, type DiscordSender } from '../delivery/sender';
import type { Log } from '../log';
import { type ApiOverwrite, CategoryFullError, type TicketDiscord } from './ticket-discord';

// The `ticket_open` job (decision 046): makes the ticket's private channel and posts its
// intake, idempotently: a run repeated after a crash finds the channel it made by its topic
// and posts the intake under the same nonce, so a ticket never gets two channels.

/** View Channel, Send Messages, Embed Links, Attach Files, Read Message History. */
const TALK = String((1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n));
const VIEW = String(1n << 10n);

/** The marker in the channel's topic that finds it again after a crash. */
const ticketTopic = (ticket: Ticket) =>
  `Lunar ${ticketName(ticket.id)} · ${ticket.serviceLabel}`.slice(0, 1024);

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
  log: Log;
};

/** Runs one `ticket_open` row; returns where the intake went, or null when nothing was left. */
export async function runOpenJob(
  deps: OpenJobDeps,
  row: { id: number; refId: number },
): Promise<{ channelId: string; messageId: string } | null> {
  const { config, discord, tickets } = deps;
  const event = await tickets.findTicketEvent(row.refId);
  const ticket = event && (await tickets.getTicket(event.ticketId));
  // Opened already, or closed before its channel was made: nothing to do.
  if (ticket?.status !== 'opening') return null;
  const guildId = config.discord.connection?.guildId;
  const { categoryId, overflowCategoryId } = config.tickets;
  if (!guildId || !categoryId) {
    throw new DeliveryError('waiting for DISCORD_TICKETS_CATEGORY_ID', 'rate-limited', deps.waitMs);
  }
  await ensureMember(deps, ticket, guildId);
  const channel =
    (await findChannel(discord, guildId, ticket)) ??
    (await createChannel(deps, ticket, guildId, [categoryId, overflowCategoryId]));
  const installId = await deps.installId();
  const sent = await deps.sender.send({
    channelId: channel,
    payload: buildIntakeMessage({ ...ticket, status: 'open', channelId: channel }),
    files: [],
    nonce: deliveryNonce(installId, `${row.id}-intake`),
  });
  await tickets.markTicketOpened(ticket.id, channel);
  return sent;
}

async function findChannel(
  discord: TicketDiscord,
  guildId: string,
  ticket: Ticket,
): Promise<string | null> {
  const topic = ticketTopic(ticket);
  const channels = await discord.listGuildChannels(guildId);
  return (
    channels.find((channel) => channel.topic === topic && channel.name === ticketName(ticket.id))
      ?.id ?? null
  );
}

async function createChannel(
  deps: OpenJobDeps,
  ticket: Ticket,
  guildId: string,
  categories: (string | undefined)[],
): Promise<string> {
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
  // Every category is full: the ticket waits (without spending attempts) until one has room.
  const full =
    'the ticket categories are full (50 channels each): close tickets or set DISCORD_TICKETS_OVERFLOW_CATEGORY_ID';
  deps.log.warn({ ticketId: ticket.id }, `Ticket ${ticketName(ticket.id)} waits: ${full}`);
  throw new DeliveryError(full, 'rate-limited', deps.waitMs);
}

/**
 * A customer who ordered on the site may not be in the server yet: the bot adds them with the
 * `guilds.join` token they granted. Without one the channel is made anyway; they see it once
 * they join (the site links the invite).
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
    // 403 50025: the token was revoked; forget it so no later job tries it again.
    if (error instanceof DeliveryError && error.code === 50025) {
      await accounts.forgetTokens(ticket.customerDiscordId);
      return;
    }
    throw error;
  }
}
