import { and, eq, isNotNull } from 'drizzle-orm';
import type { Ticket, TicketEventType } from '../../core/tickets';
import type { Executor } from '../client';
import { ticketEvents, tickets } from '../schema';

// The tickets row as the rules see it, and the event every change writes beside it: shared by
// the repository's modules (tickets.ts, ticket-requests.ts).

/** Opening tickets that wait for a channel to free up (`tickets_queue_idx`). */
export const waitingForCapacity = and(eq(tickets.status, 'opening'), isNotNull(tickets.queuedAt));

export type TicketEventRow = typeof ticketEvents.$inferSelect;

/** The row without what only the database uses (the one-per-service flag, the intake's id). */
export const toTicket = ({
  exclusive: _exclusive,
  intakeMessageId: _intakeMessageId,
  ...row
}: typeof tickets.$inferSelect): Ticket => row;

export async function insertTicketEvent(
  tx: Executor,
  ticketId: number,
  type: TicketEventType,
  actorDiscordId: string | null,
  data: Record<string, unknown>,
  at: Date,
): Promise<TicketEventRow> {
  const [row] = await tx
    .insert(ticketEvents)
    .values({ ticketId, type, actorDiscordId, data, createdAt: at })
    .returning();
  if (!row) throw new Error(`ticket event insert returned nothing for ${ticketId}`);
  return row;
}
