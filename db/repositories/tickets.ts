import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../core/orders';
import {
  type Actor,
  decideTicket,
  type JoinRefusal,
  TICKET_REFUSALS,
  type Ticket,
  type TicketCommand,
  type TicketEventType,
} from '../../core/tickets';
import type { Executor, Transaction } from '../client';
import { orders, ticketEvents, tickets } from '../schema';
import { isUniqueViolation } from '../sql-state';
import { enqueueDelivery } from './outbox';
import { createTicketActivity } from './ticket-activity';
import { listTicketHistory, type TicketHistoryEntry } from './ticket-history';
import { createTicketQueue } from './ticket-queue';
import { createTicketRequests } from './ticket-requests';
import { insertTicketEvent, type TicketEventRow, toTicket } from './ticket-rows';

export type { TicketEventRow };

export type TicketResult =
  | { ok: true; ticket: Ticket; previous: Ticket; event: TicketEventRow }
  | { ok: false; reason: string };

export function createTicketsRepository(db: Executor) {
  async function lockTicket(tx: Transaction, id: number): Promise<Ticket | null> {
    const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
    return row ? toTicket(row) : null;
  }

  /**
   * Locks the ticket, asks core/tickets' rules, and writes the change with its event (and the
   * job it starts) in one transaction; a refusal writes nothing. Concurrent actions on one
   * ticket take turns on the row lock, so two claims give one claimant and one refusal.
   */
  async function apply(
    id: number,
    command: TicketCommand,
    actor: Actor | null,
    at: Date,
  ): Promise<TicketResult> {
    return db.transaction(async (tx) => {
      const previous = await lockTicket(tx, id);
      if (!previous) return { ok: false, reason: TICKET_REFUSALS.unknownTicket };
      const decision = decideTicket(
        previous,
        command,
        actor ?? { discordId: '', roles: new Set() },
        at,
      );
      if (!decision.ok) return decision;
      const [row] = await tx
        .update(tickets)
        // A ticket leaving `opening` (closed, or reopened: queued again if need be) leaves the
        // capacity queue.
        .set({ ...decision.patch, ...(decision.patch.status && { queuedAt: null }), updatedAt: at })
        .where(eq(tickets.id, id))
        .returning();
      if (!row) throw new Error(`ticket ${id} vanished while locked`);
      const ticket = toTicket(row);
      const event = await insertTicketEvent(
        tx,
        id,
        decision.event.type,
        actor?.discordId ?? null,
        decision.event.data,
        at,
      );
      if (decision.patch.claimantDiscordId) {
        // The claimant becomes the order's designer (an order logged already keeps its share).
        await tx
          .update(orders)
          .set({ designerDiscordId: decision.patch.claimantDiscordId, updatedAt: at })
          .where(
            and(eq(orders.id, ticket.orderId), sql`${orders.status} not in ('logged', 'reviewed')`),
          );
      }
      if (decision.closes) await enqueueDelivery(tx, 'ticket_close', event.id);
      if (decision.opens) await enqueueDelivery(tx, 'ticket_open', event.id);
      if (decision.updatesIntake) await enqueueDelivery(tx, 'ticket_claim', event.id);
      return { ok: true, ticket, previous, event };
    });
  }

  async function applyReopen(
    id: number,
    actor: Actor,
    windowDays: number,
    at: Date,
  ): Promise<TicketResult> {
    try {
      return await apply(id, { type: 'reopen', windowDays }, actor, at);
    } catch (error) {
      // Reopening would make a second open ticket for that service.
      if (!isUniqueViolation(error, 'tickets_one_open_idx')) throw error;
      const ticket = await getTicket(id);
      const other = ticket && (await findOpenFor(ticket.customerDiscordId, ticket.serviceKey));
      return {
        ok: false,
        reason: TICKET_REFUSALS.alreadyOpen(
          ticket?.serviceLabel ?? 'this service',
          other?.channelId ?? null,
        ),
      };
    }
  }

  async function getTicket(id: number): Promise<Ticket | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
    return row ? toTicket(row) : null;
  }

  const requests = createTicketRequests(db);
  const { findOpenFor } = requests;

  return {
    ...createTicketQueue(db),
    ...createTicketActivity(db),
    /**
     * Opens a ticket: in one transaction, the ticket in status `opening`, its `requested`
     * event and the `ticket_open` job that makes its channel. A customer who already has an
     * open ticket for the service (and the rule is on) gets a refusal naming it; two requests
     * at once store one ticket (the unique partial index decides).
     */
    requestTicket: requests.requestTicket,

    claimTicket: (id: number, actor: Actor, at = new Date()) =>
      apply(id, { type: 'claim' }, actor, at),
    unclaimTicket: (id: number, actor: Actor, at = new Date()) =>
      apply(id, { type: 'unclaim' }, actor, at),
    /** `to` with their studio roles: only a designer, lead or executive can be given a ticket. */
    reassignTicket: (id: number, actor: Actor, to: Actor, at = new Date()) =>
      apply(id, { type: 'reassign', to }, actor, at),
    askToCloseTicket: (id: number, actor: Actor, at = new Date()) =>
      apply(id, { type: 'askToClose' }, actor, at),
    confirmClose: (id: number, actor: Actor, at = new Date()) =>
      apply(id, { type: 'confirmClose' }, actor, at),
    keepOpen: (id: number, actor: Actor, at = new Date()) =>
      apply(id, { type: 'keepOpen' }, actor, at),
    /** `reason` already checked by `TicketCloseReasonSchema`. */
    forceCloseTicket: (id: number, actor: Actor, reason: string, at = new Date()) =>
      apply(id, { type: 'forceClose', reason }, actor, at),
    /** The customer asks staff to close; `allowed` is the studio's `tickets` setting now. */
    askStaffToClose: (id: number, actor: Actor, allowed: boolean, at = new Date()) =>
      apply(id, { type: 'customerAskToClose', allowed }, actor, at),
    /** Staff confirm the customer's request: closed through the `ticket_close` job. */
    approveCustomerClose: (id: number, actor: Actor, at = new Date()) =>
      apply(id, { type: 'approveCustomerClose' }, actor, at),
    denyCustomerClose: (id: number, actor: Actor, at = new Date()) =>
      apply(id, { type: 'denyCustomerClose' }, actor, at),
    /**
     * The request could not be posted in the channel: it is no longer pending (unless staff
     * answered it meanwhile), so the customer's next press posts it again.
     */
    async withdrawCustomerCloseRequest(id: number, requestedAt: Date): Promise<void> {
      await db
        .update(tickets)
        .set({ customerCloseRequestedAt: null })
        .where(and(eq(tickets.id, id), eq(tickets.customerCloseRequestedAt, requestedAt)));
    },
    /** Within `windowDays` (TICKET_REOPEN_DAYS) of the close, once the transcript is stored. */
    reopenTicket: (id: number, actor: Actor, windowDays: number, at = new Date()) =>
      applyReopen(id, actor, windowDays, at),
    /** The inactivity job: warn a quiet ticket, then close it if it stayed quiet. */
    warnInactiveTicket: (id: number, at = new Date()) =>
      apply(id, { type: 'warnInactive' }, null, at),
    closeInactiveTicket: (id: number, at = new Date()) =>
      apply(id, { type: 'closeInactive' }, null, at),

    getTicket,

    async findTicketByChannel(channelId: string): Promise<Ticket | null> {
      const [row] = await db.select().from(tickets).where(eq(tickets.channelId, channelId));
      return row ? toTicket(row) : null;
    },

    /** A customer's tickets, newest first, each with its order's status once there is one. */
    async listTicketsForCustomer(
      customerDiscordId: string,
      limit = 50,
    ): Promise<(Ticket & { orderStatus: OrderStatus | null })[]> {
      const rows = await db
        .select({ ticket: tickets, orderStatus: orders.status })
        .from(tickets)
        .leftJoin(orders, eq(orders.id, tickets.orderId))
        .where(eq(tickets.customerDiscordId, customerDiscordId))
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(limit);
      return rows.map((row) => ({ ...toTicket(row.ticket), orderStatus: row.orderStatus }));
    },

    /** The ticket's events and its order's, oldest first: one timeline. */
    async listTicketHistory(id: number): Promise<TicketHistoryEntry[]> {
      const ticket = await getTicket(id);
      return ticket ? listTicketHistory(db, ticket) : [];
    },

    /** The intake message in the ticket's channel, as the open job recorded it (null before). */
    async findTicketIntake(id: number): Promise<{ channelId: string; messageId: string } | null> {
      const [row] = await db
        .select({ channelId: tickets.channelId, messageId: tickets.intakeMessageId })
        .from(tickets)
        .where(eq(tickets.id, id));
      return row?.channelId && row.messageId
        ? { channelId: row.channelId, messageId: row.messageId }
        : null;
    },

    async findTicketEvent(eventId: number): Promise<TicketEventRow | null> {
      const [row] = await db.select().from(ticketEvents).where(eq(ticketEvents.id, eventId));
      return row ?? null;
    },

    /**
     * The `ticket_open` job made the channel and posted the intake: record both and open the
     * ticket. Only from `opening`, so a job run twice records once; false when the ticket moved
     * on meanwhile.
     */
    async markTicketOpened(
      id: number,
      channelId: string,
      {
        intakeMessageId = null,
        at = new Date(),
      }: { intakeMessageId?: string | null; at?: Date } = {},
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(tickets)
          .set({
            status: sql`case when ${tickets.claimantDiscordId} is null then 'open' else 'claimed' end::ticket_status`,
            channelId,
            intakeMessageId,
            queuedAt: null,
            lastActivityAt: at,
            updatedAt: at,
          })
          .where(and(eq(tickets.id, id), eq(tickets.status, 'opening')))
          .returning({ id: tickets.id });
        if (!row) return false;
        await insertTicketEvent(tx, id, 'opened', null, { channelId }, at);
        return true;
      });
    },

    /**
     * The channel could not be made for good (past the opening deadline, or an error that
     * cannot heal): the ticket is `failed` with the reason staff read, no longer counts as open,
     * and a `ticket_close` job removes any channel made meanwhile and tells the customer. Only
     * from `opening`; false when the ticket moved on meanwhile.
     */
    async markTicketFailed(id: number, reason: string, at = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(tickets)
          .set({
            status: 'failed',
            closeReason: reason,
            closedAt: at,
            queuedAt: null,
            updatedAt: at,
          })
          .where(and(eq(tickets.id, id), eq(tickets.status, 'opening')))
          .returning({ id: tickets.id });
        if (!row) return false;
        const event = await insertTicketEvent(tx, id, 'open_failed', null, { reason }, at);
        await enqueueDelivery(tx, 'ticket_close', event.id);
        return true;
      });
    },

    /** Discord would not add the site customer to the server; recorded once, with its event. */
    async recordJoinRefusal(id: number, refusal: JoinRefusal, at = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tickets)
          .set({ joinRefusal: refusal, updatedAt: at })
          .where(and(eq(tickets.id, id), isNull(tickets.joinRefusal)))
          .returning({ id: tickets.id });
        if (row) await insertTicketEvent(tx, id, 'join_refused', null, { refusal }, at);
      });
    },

    /** A staff change in the channel (/ticket add, remove, rename), kept in the history. */
    async recordTicketEvent(
      id: number,
      type: Extract<TicketEventType, 'member_added' | 'member_removed' | 'renamed'>,
      actorDiscordId: string,
      data: Record<string, unknown>,
      at = new Date(),
    ): Promise<void> {
      await insertTicketEvent(db, id, type, actorDiscordId, data, at);
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
