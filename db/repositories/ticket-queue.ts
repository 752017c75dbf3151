import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Ticket } from '../../core/tickets';
import type { Executor } from '../client';
import { outbox, ticketEvents, tickets } from '../schema';
import { waitingForCapacity } from './ticket-rows';

// The capacity queue (decision 046): while every ticket category is full, opening tickets wait
// for a channel and are served by ticket number. Part of the tickets repository (tickets.ts).

export function createTicketQueue(db: Executor) {
  /**
   * Tickets waiting for a channel ahead of this one: the queue is served by ticket number, so
   * a ticket opens only once none with a smaller number waits.
   */
  async function countQueuedAhead(id: number): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(waitingForCapacity, lt(tickets.id, id)));
    return Number(row?.count ?? 0);
  }

  return {
    countQueuedAhead,

    /**
     * Every ticket category is full: the ticket joins the capacity queue (once; a later run
     * keeps its first time). Only while `opening`.
     */
    async queueTicket(id: number, at = new Date()): Promise<void> {
      await db
        .update(tickets)
        .set({ queuedAt: at })
        .where(and(eq(tickets.id, id), eq(tickets.status, 'opening'), isNull(tickets.queuedAt)));
    },

    /** Tickets still opening with a smaller number (each needs a channel before this one). */
    async countOpeningBefore(id: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(tickets)
        .where(and(eq(tickets.status, 'opening'), lt(tickets.id, id)));
      return Number(row?.count ?? 0);
    },

    /**
     * A channel was freed or taken in turn: the queued tickets' `ticket_open` jobs look again
     * now (the outbox trigger wakes the worker); the first in the queue opens, the others wait.
     */
    async wakeQueue(): Promise<void> {
      await db
        .update(outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(
          and(
            eq(outbox.kind, 'ticket_open'),
            eq(outbox.status, 'pending'),
            sql`${outbox.nextAttemptAt} > now()`,
            inArray(
              outbox.refId,
              db
                .select({ id: ticketEvents.id })
                .from(ticketEvents)
                .innerJoin(tickets, eq(tickets.id, ticketEvents.ticketId))
                .where(waitingForCapacity),
            ),
          ),
        );
    },

    /** The ticket's place in the capacity queue (1 is next), or null when it is not queued. */
    async queuePosition(
      ticket: Pick<Ticket, 'id' | 'status' | 'queuedAt'>,
    ): Promise<number | null> {
      if (ticket.status !== 'opening' || !ticket.queuedAt) return null;
      return 1 + (await countQueuedAhead(ticket.id));
    },

    /** The capacity queue for staff: how many tickets wait for a channel, and since when. */
    async readCapacityQueue(): Promise<{ waiting: number; since: Date | null }> {
      const [row] = await db
        .select({
          waiting: sql<number>`count(*)::int`,
          since: sql<string | null>`min(${tickets.queuedAt})`,
        })
        .from(tickets)
        .where(waitingForCapacity);
      const waiting = Number(row?.waiting ?? 0);
      return { waiting, since: waiting && row?.since ? new Date(row.since) : null };
    },
  };
}
