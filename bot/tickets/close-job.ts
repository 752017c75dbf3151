import { deliveryNonce } from '../../core/discord/delivery-nonce';
import type { OrderMessagePayload } from '../../core/orders/order-message';
import {
  buildClosedDm,
  buildClosingNotice,
  buildOpenFailedDm,
  buildTranscriptPost,
  renderTranscriptHtml,
  type Ticket,
  ticketName,
} from '../../core/tickets';
import type {
  TicketTranscriptsRepository,
  TranscriptMessage,
} from '../../db/repositories/ticket-transcripts';
import type { TicketsRepository } from '../../db/repositories/tickets';
import {
  CANNOT_DM_CODES,
  DeliveryError,
  type DiscordSender,
  type OutgoingFile,
} from '../delivery/sender';
import type { Log } from '../log';
import { findTicketChannel } from './ticket-channel';
import type { ApiMessage, TicketDiscord } from './ticket-discord';

// The `ticket_close` job (decision 046): reads the closed ticket's channel through REST, one
// page of 100 at a time (discord.js paces the calls within the route's rate limit), stores each
// page as it comes (memory stays one page), posts the HTML transcript, then deletes the channel
// after a short delay. Each step can run again: pages are stored once by message id, posts
// carry nonces, deleting a deleted channel is done. For a ticket that failed to open it removes
// any channel made meanwhile and tells the customer by DM.

type CloseJobDeps = {
  discord: TicketDiscord;
  sender: DiscordSender;
  tickets: TicketsRepository;
  transcripts: TicketTranscriptsRepository;
  transcriptsChannelId: string | undefined;
  installId: () => Promise<string>;
  /** How long the channel stays after the closing notice, so people can read it. */
  deleteDelayMs: number;
  /** The studio's guild, where a channel made while the ticket closed is looked for. */
  guildId: string | undefined;
  /** The site's public address: the customer's DM links their ticket's page there. */
  siteUrl: string;
  log: Log;
  sleep?: (ms: number) => Promise<void>;
};

const PAGE = 100;

function toTranscriptMessage(message: ApiMessage): TranscriptMessage {
  const embedsText = (message.embeds ?? [])
    .map((embed) =>
      [
        embed.title,
        embed.description,
        ...(embed.fields ?? []).map((field) => `${field.name}: ${field.value}`),
        embed.footer?.text,
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
  return {
    discordMessageId: message.id,
    authorDiscordId: message.author.id,
    authorName: message.author.global_name || message.author.username,
    authorIsBot: message.author.bot === true,
    sentAt: new Date(message.timestamp),
    content: message.content ?? '',
    embedsText,
    attachments: (message.attachments ?? []).map((file) => ({
      name: file.filename,
      url: file.url,
    })),
  };
}

/** Stores every message of the channel, newest page first; the count read. */
async function storeHistory(
  deps: CloseJobDeps,
  ticket: Ticket,
  channelId: string,
): Promise<number> {
  let before: string | undefined;
  let count = 0;
  for (;;) {
    const page = await deps.discord.listMessages(channelId, { before, limit: PAGE });
    if (!page || page.length === 0) return count;
    await deps.transcripts.storeTranscriptMessages(ticket.id, page.map(toTranscriptMessage));
    count += page.length;
    if (page.length < PAGE) return count;
    before = page.at(-1)?.id;
  }
}

export async function runCloseJob(
  deps: CloseJobDeps,
  row: { id: number; refId: number },
): Promise<{ channelId: string; messageId: string } | null> {
  const { tickets, transcripts } = deps;
  const event = await tickets.findTicketEvent(row.refId);
  const ticket = event && (await tickets.getTicket(event.ticketId));
  if (!ticket) return null;
  const installId = await deps.installId();
  const nonce = (step: string) => deliveryNonce(installId, `${row.id}-${step}`);
  if (ticket.status === 'failed') return clearFailedOpening(deps, ticket, nonce('failed'));
  if (ticket.status !== 'closed' || ticket.transcriptStoredAt) return null;
  // Closed while opening: no channel recorded, but one may have been made meanwhile.
  const channelId = ticket.channelId ?? (await findOrphanChannel(deps, ticket));
  if (channelId && (await deps.discord.getChannel(channelId))) {
    const seconds = Math.round(deps.deleteDelayMs / 1000);
    await deps.sender.send({
      channelId,
      payload: buildClosingNotice(ticket, seconds),
      files: [],
      nonce: nonce('notice'),
    });
    await storeHistory(deps, ticket, channelId);
  }
  const lines = await transcripts.listTranscript(ticket.id);
  const filename = `${ticketName(ticket.id)}.html`;
  const file: OutgoingFile = {
    name: filename,
    contentType: 'text/html; charset=utf-8',
    bytes: new TextEncoder().encode(
      renderTranscriptHtml(ticket, lines, await transcripts.transcriptNames(lines)),
    ),
  };
  let posted: { channelId: string; messageId: string } | null = null;
  if (deps.transcriptsChannelId) {
    posted = await deps.sender.send({
      channelId: deps.transcriptsChannelId,
      payload: buildTranscriptPost(ticket, lines.length, filename),
      files: [file],
      nonce: nonce('transcript'),
    });
  }
  if (channelId) {
    await (deps.sleep ?? defaultSleep)(deps.deleteDelayMs);
    await deps.discord.deleteChannel(channelId);
  }
  // The customer keeps a record: who handled it, who closed it and why, the conversation.
  const ordersUrl = `${deps.siteUrl.replace(/\/$/, '')}/orders/${ticket.id}`;
  await sendToCustomer(
    deps,
    ticket,
    buildClosedDm(ticket, ordersUrl),
    nonce('dm'),
    lines.length > 0 ? [file] : [],
  );
  // Last: from here the ticket may be reopened (with a new channel).
  await transcripts.markTranscriptStored(ticket.id, lines.length);
  return posted ?? (channelId ? { channelId, messageId: '0' } : null);
}

async function findOrphanChannel(deps: CloseJobDeps, ticket: Ticket): Promise<string | null> {
  return deps.guildId ? findTicketChannel(deps.discord, deps.guildId, ticket) : null;
}

/** A ticket that never opened: no channel may stay behind, and the customer is told. */
async function clearFailedOpening(
  deps: CloseJobDeps,
  ticket: Ticket,
  nonce: string,
): Promise<{ channelId: string; messageId: string } | null> {
  const orphan = await findOrphanChannel(deps, ticket);
  if (orphan) await deps.discord.deleteChannel(orphan);
  return sendToCustomer(deps, ticket, buildOpenFailedDm(ticket), nonce);
}

/**
 * A DM to the ticket's customer; null when Discord says they cannot get one (DMs closed, not
 * in the server): the site's "Your orders" holds the same words.
 */
export async function sendToCustomer(
  deps: Pick<CloseJobDeps, 'sender' | 'log'>,
  ticket: Ticket,
  payload: OrderMessagePayload,
  nonce: string,
  files: OutgoingFile[] = [],
): Promise<{ channelId: string; messageId: string } | null> {
  try {
    const channelId = await deps.sender.openDm(ticket.customerDiscordId);
    return await deps.sender.send({ channelId, payload, files, nonce });
  } catch (error) {
    if (!(error instanceof DeliveryError) || !CANNOT_DM_CODES.has(error.code ?? 0)) throw error;
    deps.log.info(
      { ticketId: ticket.id, code: error.code },
      `${ticketName(ticket.id)}: the customer cannot get DMs; the site shows it to them`,
    );
    return null;
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
