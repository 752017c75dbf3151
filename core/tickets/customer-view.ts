import { ORDER_STATUS_LABELS, type OrderStatus } from '../orders/order-status';
import { JOIN_REFUSAL_ADVICE, type JoinRefusal } from './join-refusals';
import type { TicketStatus } from './ticket-status';

// What a customer sees of their own tickets on the site (decision 047): `GET
// /api/customer/tickets` and `/api/customer/tickets/:number`. Staff names and notes stay out.

/** One line of a closed ticket's transcript; the page renders every field as text. */
export type CustomerTranscriptLine = {
  authorName: string;
  authorIsBot: boolean;
  sentAt: string;
  content: string;
  embedsText: string;
  attachments: { name: string; url: string }[];
};

/** While the ticket's order awaits payment: what to pay and where ("Your orders"). */
export type CustomerPayment = {
  /** Robux, Roblox's fee included (what /createpayment asked for). */
  amountRobux: number;
  /** The order's game pass on Roblox, once made and while on sale. */
  gamePassUrl: string | null;
  /** The card checkout, when the order has one: its link and amount in words ("$15.00"). */
  card: { url: string; amount: string } | null;
};

export type CustomerTicket = {
  number: number;
  /** `ticket-0042`: the channel's name and the order's id. */
  name: string;
  serviceLabel: string;
  status: TicketStatus;
  orderStatus: OrderStatus | null;
  /** What the customer reads as the ticket's state: the order's once there is one. */
  statusLabel: string;
  /** The ticket channel in Discord, once the bot has made it and until it is closed. */
  channelUrl: string | null;
  request: string;
  budgetRobux: number;
  deadline: string;
  robloxUsername: string;
  createdAt: string;
  closedAt: string | null;
  /** Said in words when something stands in the customer's way: see `customerProblem`. */
  problem: string | null;
  /** While every ticket channel is in use: the ticket's place in the queue (1 is next). */
  queuePosition: number | null;
  /** While opening: what the ticket waits for, in words (`openingProgress`); null otherwise. */
  progress: string | null;
  /** Set while the order awaits payment. */
  payment: CustomerPayment | null;
};

export type CustomerTicketDetail = CustomerTicket & {
  /** Once closed and archived: the conversation, oldest first. */
  transcript: CustomerTranscriptLine[] | null;
  /** Names of the people the transcript mentions (`<@id>` → name); ids stay out of sight. */
  mentionNames: Record<string, string>;
};

/** `POST /api/customer/tickets` refused because one is already open for that service. */
export type CustomerTicketConflict = {
  message: string;
  existing: { number: number; name: string };
};

const TICKET_LABELS: Record<TicketStatus, string> = {
  opening: 'Opening your ticket',
  open: 'Waiting for a designer',
  claimed: 'With a designer',
  awaiting_customer: 'Waiting for you to confirm the close',
  closed: 'Closed',
  failed: 'Could not be opened',
};

/** Told to the customer when their ticket could not be opened (DM, Discord answer, page). */
export const TICKET_FAILED_ADVICE =
  'We could not open this ticket in our Discord server, and nothing was charged. ' +
  'Please order again; if it happens again, contact us by e-mail.';

/**
 * What stands in the customer's way, in words: the ticket failed to open, or Discord would not
 * add them to the server (they join with the invite, their ticket is there). Null otherwise.
 */
export function customerProblem(ticket: {
  status: TicketStatus;
  joinRefusal: JoinRefusal | null;
}): string | null {
  if (ticket.status === 'failed') return TICKET_FAILED_ADVICE;
  if (ticket.joinRefusal && ticket.status !== 'closed') {
    return JOIN_REFUSAL_ADVICE[ticket.joinRefusal];
  }
  return null;
}

/** The studio is at capacity: where the customer is in the queue, in words. */
export function capacityQueueWords(position: number): string {
  const place = position === 1 ? 'next in the queue' : `number ${position} in the queue`;
  return (
    `the studio is at capacity right now (every ticket channel is in use). You are ${place}; ` +
    'your ticket opens as soon as a channel frees up, in order, and you will be pinged in it. ' +
    'No need to order again.'
  );
}

/** Past this, an opening that is not queued is slower than usual (a restart, Discord's limits). */
export const OPENING_SLOW_MS = 20_000;

export const OPENING_SLOW_WORDS =
  'Your ticket is taking longer than usual to open (our bot may be restarting, or Discord is ' +
  'busy). It is still coming and keeps its place; no need to order again.';

/**
 * While a ticket opens, what it waits for, in words: its place in the capacity queue, or a
 * slow opening (past `OPENING_SLOW_MS`: recovering after a restart, or Discord's pace).
 */
export function openingProgress(
  /** `openingSince`: when the ticket was asked for (or reopened). */
  ticket: { status: TicketStatus; openingSince: Date },
  queuePosition: number | null,
  now = new Date(),
): string | null {
  if (ticket.status !== 'opening') return null;
  if (queuePosition !== null) {
    const words = capacityQueueWords(queuePosition);
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  if (now.getTime() - ticket.openingSince.getTime() >= OPENING_SLOW_MS) return OPENING_SLOW_WORDS;
  return 'Opening your ticket in our Discord server…';
}

export function customerStatusLabel(
  status: TicketStatus,
  orderStatus: OrderStatus | null,
  queuePosition: number | null = null,
): string {
  if (status === 'opening' && queuePosition !== null) {
    return `Waiting for a free channel (number ${queuePosition} in the queue)`;
  }
  if (status !== 'open' && status !== 'claimed') {
    return TICKET_LABELS[status];
  }
  return orderStatus ? ORDER_STATUS_LABELS[orderStatus] : TICKET_LABELS[status];
}

/** The link that opens a channel in Discord (app or browser). */
export function discordChannelUrl(guildId: string, channelId: string): string {
  return `https://discord.com/channels/${guildId}/${channelId}`;
}
