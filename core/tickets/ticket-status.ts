import { z } from 'zod';

/**
 * A ticket's life (DESIGN.md "Tickets"): `opening` until the bot has made its channel, `open`
 * waiting for a designer, `claimed` by one, `awaiting_customer` once staff asked to close (the
 * customer confirms or keeps it open), `closed`; `failed` when the channel could not be made
 * (decision 046: past the opening deadline or on an error that cannot heal). The same list is
 * the database's `ticket_status` enum; keep this order.
 */
export const TICKET_STATUSES = [
  'opening',
  'open',
  'claimed',
  'awaiting_customer',
  'closed',
  'failed',
] as const;
export const TicketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatusSchema>;

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  opening: 'Opening',
  open: 'Open',
  claimed: 'Claimed',
  awaiting_customer: 'Waiting for the customer',
  closed: 'Closed',
  failed: 'Could not be opened',
};

/** Statuses a ticket never leaves by itself: no channel, not counted as open. */
export const isTicketFinished = (status: TicketStatus) =>
  status === 'closed' || status === 'failed';

/** Where the customer started the ticket. */
export const TICKET_SOURCES = ['discord', 'site'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

/** `ticket-0042`: the channel's name and the order id of the order made in it. */
export function ticketName(number: number): string {
  return `ticket-${String(number).padStart(4, '0')}`;
}

/** The ticket number in a `ticket-0042` name or order id, or null. */
export function ticketNumberOf(name: string): number | null {
  const match = /^ticket-(\d{1,9})$/.exec(name.trim().toLowerCase());
  if (!match?.[1]) return null;
  const number = Number(match[1]);
  return number > 0 ? number : null;
}
