import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { LIVE_TICKET_STATUSES, type Ticket } from '../../core/tickets';
import type { Executor } from '../client';
import { tickets } from '../schema';
import { toTicket } from './ticket-rows';

// When a ticket's channel last saw a person, and who (decision 046, "Replies"): written by the
// bot's messageCreate and the inactivity job, read by that job. Part of the tickets repository
// (tickets.ts).

export function createTicketActivity(db: Executor) {
  return {
    /** The channel saw a message at `at` (read from Discord by the inactivity job). */
    async recordTicketActivity(id: number, at: Date): Promise<void> {
      await db
        .update(tickets)
        .set({ lastActivityAt: at })
        .where(and(eq(tickets.id, id), lt(tickets.lastActivityAt, at)));
    },

    /**
     * A person wrote in a channel at `at` (the bot's messageCreate): when the channel is a live
     * ticket's, records whether its customer or someone else wrote last, and the activity. One
     * statement on the channel index, no read first: a channel that is not a ticket's matches
     * nothing. A message older than the one recorded (Discord redelivering, or events out of
     * order) changes nothing, so each message counts once. Answers the ticket's number when
     * the message was recorded.
     */
    async recordTicketMessage(message: {
      channelId: string;
      authorDiscordId: string;
      at: Date;
    }): Promise<number | null> {
      const at = message.at.toISOString();
      const [row] = await db
        .update(tickets)
        .set({
          lastMessageAt: message.at,
          lastMessageBy: sql`case when ${tickets.customerDiscordId} = ${message.authorDiscordId} then 'customer' else 'staff' end`,
          lastActivityAt: sql`greatest(${tickets.lastActivityAt}, ${at}::timestamptz)`,
        })
        .where(
          and(
            eq(tickets.channelId, message.channelId),
            inArray(tickets.status, [...LIVE_TICKET_STATUSES]),
            sql`(${tickets.lastMessageAt} is null or ${tickets.lastMessageAt} < ${at}::timestamptz)`,
          ),
        )
        .returning({ id: tickets.id });
      return row?.id ?? null;
    },

    /** Live tickets with a channel whose last known activity is older than `before`. */
    async listQuietTickets(before: Date, limit = 100): Promise<Ticket[]> {
      const rows = await db
        .select()
        .from(tickets)
        .where(
          and(
            inArray(tickets.status, [...LIVE_TICKET_STATUSES]),
            isNotNull(tickets.channelId),
            lt(tickets.lastActivityAt, before),
          ),
        )
        .orderBy(asc(tickets.lastActivityAt))
        .limit(limit);
      return rows.map(toTicket);
    },
  };
}
