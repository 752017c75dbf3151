import { asc, eq } from 'drizzle-orm';
import type { Ticket } from '../../core/tickets';
import type { Executor } from '../client';
import { orderEvents, ticketEvents } from '../schema';

/** One line of a ticket's history: its own events and its order's, in time order. */
export type TicketHistoryEntry = {
  source: 'ticket' | 'order';
  type: string;
  actorDiscordId: string | null;
  data: Record<string, unknown>;
  at: Date;
};

/**
 * The ticket's events and those of the order made in it (the order's id is the ticket's name),
 * oldest first: the one history the dashboard shows beside the transcript.
 */
export async function listTicketHistory(
  db: Executor,
  ticket: Pick<Ticket, 'id' | 'orderId'>,
): Promise<TicketHistoryEntry[]> {
  const [own, order] = await Promise.all([
    db
      .select()
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, ticket.id))
      .orderBy(asc(ticketEvents.id)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, ticket.orderId))
      .orderBy(asc(orderEvents.id)),
  ]);
  return [
    ...own.map((event) => ({ source: 'ticket' as const, ...lineOf(event) })),
    ...order.map((event) => ({ source: 'order' as const, ...lineOf(event) })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

function lineOf(event: {
  type: string;
  actorDiscordId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}) {
  return {
    type: event.type,
    actorDiscordId: event.actorDiscordId,
    data: event.data,
    at: event.createdAt,
  };
}
