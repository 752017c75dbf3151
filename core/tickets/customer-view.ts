import { ORDER_STATUS_LABELS, type OrderStatus } from '../orders/order-status';
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
};

export type CustomerTicketDetail = CustomerTicket & {
  /** Once closed and archived: the conversation, oldest first. */
  transcript: CustomerTranscriptLine[] | null;
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
};

export function customerStatusLabel(status: TicketStatus, orderStatus: OrderStatus | null): string {
  if (status === 'closed' || status === 'opening' || status === 'awaiting_customer') {
    return TICKET_LABELS[status];
  }
  return orderStatus ? ORDER_STATUS_LABELS[orderStatus] : TICKET_LABELS[status];
}

/** The link that opens a channel in Discord (app or browser). */
export function discordChannelUrl(guildId: string, channelId: string): string {
  return `https://discord.com/channels/${guildId}/${channelId}`;
}
