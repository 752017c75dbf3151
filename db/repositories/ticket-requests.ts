import { and, eq, notInArray, sql } from 'drizzle-orm';
import {
  TICKET_REFUSALS,
  type Ticket,
  type TicketIntake,
  type TicketService,
  type TicketSource,
} from '../../core/tickets';
import type { Executor, Transaction } from '../client';
import { ticketCounter, tickets } from '../schema';
import { enqueueDelivery } from './outbox';
import { insertTicketEvent, toTicket, waitingForCapacity } from './ticket-rows';

// A customer asks for a ticket (Discord's form or the site's): the number, the row, its event
// and the job that makes its channel, in one transaction.

export type TicketRequest = {
  customerDiscordId: string;
  source: TicketSource;
  intake: TicketIntake;
  /** The intake's service as site content names it now (`findTicketService`). */
  service: TicketService;
  /** TICKETS_ONE_PER_SERVICE: refuse a second open ticket for the same service. */
  onePerService: boolean;
};

export type RequestTicketResult =
  | { ok: true; ticket: Ticket }
  | { ok: false; reason: string; existing: Ticket };

/**
 * The next ticket number, taken in the transaction that inserts the ticket: the counter's row
 * stays locked until it commits, so requests at once take consecutive numbers in turn, and a
 * request that rolls back (refused, crashed) gives its number to the next one.
 */
async function takeTicketNumber(tx: Transaction): Promise<number> {
  const [row] = await tx
    .update(ticketCounter)
    .set({ lastNumber: sql`${ticketCounter.lastNumber} + 1` })
    .where(eq(ticketCounter.id, 1))
    .returning({ number: ticketCounter.lastNumber });
  if (!row) throw new Error('ticket_counter has no row: run the migrations');
  return row.number;
}

/** Thrown inside the transaction to undo the number it took; never leaves this module. */
class AlreadyOpen extends Error {}

export function createTicketRequests(db: Executor) {
  /** The open ticket that stops `request` (same customer and service), if any. */
  async function findOpenFor(
    customerDiscordId: string,
    serviceKey: string,
  ): Promise<Ticket | null> {
    const [row] = await db
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.customerDiscordId, customerDiscordId),
          eq(tickets.serviceKey, serviceKey),
          eq(tickets.exclusive, true),
          notInArray(tickets.status, ['closed', 'failed']),
        ),
      )
      .limit(1);
    return row ? toTicket(row) : null;
  }

  async function insertTicket(request: TicketRequest, at: Date): Promise<Ticket | null> {
    const { intake, service } = request;
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(tickets)
          .values({
            id: await takeTicketNumber(tx),
            source: request.source,
            customerDiscordId: request.customerDiscordId,
            serviceKey: service.key,
            serviceLabel: service.label,
            request: intake.request,
            budgetRobux: intake.budgetRobux,
            deadline: intake.deadline,
            robloxUsername: intake.robloxUsername,
            exclusive: request.onePerService,
            // Tickets already wait for a channel: this one queues behind them from the start, so
            // the customer's first answer says so.
            queuedAt: sql`(select ${at.toISOString()}::timestamptz where exists (select 1 from ${tickets} where ${waitingForCapacity}))`,
            lastActivityAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AlreadyOpen();
        const data = { source: request.source };
        const event = await insertTicketEvent(
          tx,
          row.id,
          'requested',
          request.customerDiscordId,
          data,
          at,
        );
        await enqueueDelivery(tx, 'ticket_open', event.id);
        return toTicket(row);
      });
    } catch (error) {
      if (error instanceof AlreadyOpen) return null;
      throw error;
    }
  }

  async function requestTicket(
    request: TicketRequest,
    at: Date = new Date(),
  ): Promise<RequestTicketResult> {
    const created = await insertTicket(request, at);
    if (created) return { ok: true, ticket: created };
    const existing = await findOpenFor(request.customerDiscordId, request.service.key);
    // The other ticket closed between the insert and this read: try once more.
    if (!existing) return requestTicket(request, at);
    return {
      ok: false,
      reason: TICKET_REFUSALS.alreadyOpen(existing.serviceLabel, existing.channelId),
      existing,
    };
  }

  return { findOpenFor, requestTicket };
}
