import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import type { OrderChannelKey } from '../../core/config';
import {
  type Actor,
  buildDeliveryFellBackEvent,
  buildPaymentReceipt,
  decide,
  type OrderCommandInput,
  type OrderEvent,
  OrderIdSchema,
  type OrderMessagePayload,
  type OrderReview,
  type OrderState,
  type OrderStatus,
} from '../../core/orders';
import type { Executor, Transaction } from '../client';
import { orderEvents, orderMessages, orders, reviews } from '../schema';
import { enqueueDelivery } from './outbox';

type OrderRow = typeof orders.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;
type OrderEventRow = typeof orderEvents.$inferSelect;
type OrderMessageRow = typeof orderMessages.$inferSelect;

/** Where a message about an order goes; see `orderMessages` in db/schema/orders.ts. */
export type OrderMessageTarget =
  | { channel: OrderChannelKey }
  | { channelId: string; editMessageId?: string }
  /** A DM; without `fallback`, closed DMs leave it unsent (logged, not retried). */
  | { dmUserId: string; fallbackChannelId: string; fallback?: OrderMessagePayload };

export interface OrderMessage {
  target: OrderMessageTarget;
  payload: OrderMessagePayload;
}

type ApplyResult =
  | { ok: true; order: OrderState; previous: OrderState | null; events: OrderEvent[] }
  | { ok: false; reason: string };

/** The messages a successful change sends, built from the order as it is after the change. */
type MessagesFor = (next: OrderState, previous: OrderState | null) => OrderMessage[];

/** More to write in a successful change's transaction (the order's payment row, say). */
type AlsoWrite = (tx: Transaction, next: OrderState, previous: OrderState | null) => Promise<void>;

/** A concurrent /createpayment inserted the same order first: run the command again. */
class CreatedMeanwhile extends Error {}

export function createOrdersRepository(db: Executor) {
  async function readState(tx: Executor, id: string, lock: boolean): Promise<OrderState | null> {
    const query = tx.select().from(orders).where(eq(orders.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return null;
    const [review] = await tx.select().from(reviews).where(eq(reviews.orderId, id));
    return toOrderState(row, review ?? null);
  }

  async function applyOnce(
    command: OrderCommandInput,
    actor: Actor,
    at: Date,
    messagesFor: MessagesFor,
    alsoWrite?: AlsoWrite,
  ): Promise<ApplyResult> {
    const id = OrderIdSchema.safeParse(command.orderId);
    // A bad id: `decide` refuses it with the schema's message.
    if (!id.success) return refusalOf(decide(null, command, actor, at));
    return db.transaction(async (tx) => {
      // The row lock makes concurrent commands on one order take turns; each decides on the
      // state the previous one left, so a transition applies at most once.
      const previous = await readState(tx, id.data, true);
      const decision = decide(previous, command, actor, at);
      if (!decision.ok) return { ok: false, reason: decision.reason };
      const { next, patch, events } = decision;
      if (!previous) {
        const inserted = await tx
          .insert(orders)
          .values({
            ...(toColumns(next) as typeof orders.$inferInsert),
            id: next.id,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: orders.id });
        if (inserted.length === 0) throw new CreatedMeanwhile();
      } else {
        const columns = toColumns(patch);
        if (Object.keys(columns).length > 0) {
          const updated = await tx
            .update(orders)
            .set({ ...columns, updatedAt: at })
            .where(and(eq(orders.id, next.id), eq(orders.status, previous.status)))
            .returning({ id: orders.id });
          // Cannot happen under the row lock; if it ever does, write nothing.
          if (updated.length === 0) throw new Error(`order ${next.id} changed while locked`);
        }
      }
      if (patch.review) {
        await saveReview(tx, next.id, patch.review, previous?.review ?? null, actor, at);
      }
      if (events.length > 0) {
        await tx.insert(orderEvents).values(
          events.map((event) => ({
            orderId: event.orderId,
            type: event.type,
            actorDiscordId: event.actorDiscordId,
            data: event.data as Record<string, unknown>,
            createdAt: event.at,
          })),
        );
      }
      if (events.length > 0) {
        for (const message of messagesFor(next, previous)) {
          await queueOrderMessage(tx, next.id, message);
        }
        // Every path that pays an order comes through here once (the row lock): the receipt
        // goes with the transition, so two paths racing send one.
        const receipt = receiptFor(next, events);
        if (receipt) await queueOrderMessage(tx, next.id, receipt);
      }
      await alsoWrite?.(tx, next, previous);
      return { ok: true, order: next, previous, events };
    });
  }

  return {
    /**
     * Runs one order command: in one transaction, locks the order, asks the state machine,
     * and on success stores the change, its events and the messages it sends (through the
     * outbox); a refusal writes nothing.
     */
    async applyOrderCommand(
      command: OrderCommandInput,
      actor: Actor,
      at: Date = new Date(),
      messagesFor: MessagesFor = () => [],
      alsoWrite?: AlsoWrite,
    ): Promise<ApplyResult> {
      try {
        return await applyOnce(command, actor, at, messagesFor, alsoWrite);
      } catch (error) {
        if (!(error instanceof CreatedMeanwhile)) throw error;
        return applyOnce(command, actor, at, messagesFor, alsoWrite);
      }
    },

    async findOrder(id: string): Promise<OrderState | null> {
      const parsed = OrderIdSchema.safeParse(id);
      return parsed.success ? readState(db, parsed.data, false) : null;
    },

    /**
     * Order ids starting with `prefix` for autocomplete: the invoker's own open orders first,
     * then their closed ones, then everyone else's (leads and executives cover for others).
     */
    async listOrderChoices(
      discordId: string,
      prefix: string,
      limit = 25,
    ): Promise<{ id: string; status: OrderStatus }[]> {
      const pattern = `${prefix
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '')}%`;
      const mine = sql`(${orders.designerDiscordId} = ${discordId} or ${orders.customerDiscordId} is not distinct from ${discordId})`;
      const open = sql`${orders.status} not in ('logged', 'reviewed')`;
      return db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(like(orders.id, pattern))
        .orderBy(desc(mine), desc(open), desc(orders.updatedAt), asc(orders.id))
        .limit(limit);
    },

    async listEvents(orderId: string): Promise<OrderEventRow[]> {
      return db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
    },

    async findMessage(id: number): Promise<OrderMessageRow | null> {
      const [row] = await db.select().from(orderMessages).where(eq(orderMessages.id, id));
      return row ?? null;
    },

    /**
     * After the delivery DM of order message `messageId` bounced off closed DMs and went to
     * the ticket instead: the timeline says so, in the name of whoever delivered the order.
     */
    async recordDeliveryFellBack(messageId: number): Promise<void> {
      const [message] = await db
        .select({ orderId: orderMessages.orderId })
        .from(orderMessages)
        .where(eq(orderMessages.id, messageId));
      if (!message) return;
      const [delivered] = await db
        .select({ actor: orderEvents.actorDiscordId })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, message.orderId), eq(orderEvents.type, 'delivered')))
        .orderBy(desc(orderEvents.id))
        .limit(1);
      const event = buildDeliveryFellBackEvent(message.orderId, delivered?.actor ?? '', new Date());
      await db.insert(orderEvents).values({
        orderId: event.orderId,
        type: event.type,
        actorDiscordId: event.actorDiscordId,
        data: event.data,
        createdAt: event.at,
      });
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

function refusalOf(decision: ReturnType<typeof decide>): ApplyResult {
  if (decision.ok) throw new Error('a command on a malformed order id was accepted');
  return { ok: false, reason: decision.reason };
}

async function saveReview(
  tx: Transaction,
  orderId: string,
  review: OrderReview,
  before: OrderReview | null,
  actor: Actor,
  at: Date,
): Promise<void> {
  if (before) {
    // Only an executive's hide or show changes a stored review.
    await tx
      .update(reviews)
      .set({
        hidden: review.hidden,
        hiddenAt: review.hidden ? at : null,
        hiddenBy: review.hidden ? actor.discordId : null,
      })
      .where(eq(reviews.orderId, orderId));
    return;
  }
  await tx.insert(reviews).values({
    orderId,
    customerDiscordId: review.byDiscordId,
    rating: review.rating,
    comment: review.comment,
    publish: review.publish,
    hidden: review.hidden,
    authorName: review.authorName ?? null,
    createdAt: review.at,
  });
}

/** Stores a message about an order and queues its delivery, in the caller's transaction. */
export async function queueOrderMessage(tx: Transaction, orderId: string, message: OrderMessage) {
  const { target } = message;
  const [row] = await tx
    .insert(orderMessages)
    .values({
      orderId,
      payload: message.payload as unknown as Record<string, unknown>,
      ...('channel' in target && { channelKey: target.channel }),
      ...('channelId' in target && { channelId: target.channelId }),
      ...('editMessageId' in target && { editMessageId: target.editMessageId }),
      ...('dmUserId' in target && {
        dmUserId: target.dmUserId,
        channelId: target.fallbackChannelId,
        fallbackPayload: (target.fallback ?? null) as unknown as Record<string, unknown> | null,
      }),
    })
    .returning({ id: orderMessages.id });
  if (!row) throw new Error(`order message insert returned nothing for ${orderId}`);
  await enqueueDelivery(tx, 'order_message', row.id);
}

/**
 * The customer's receipt by DM when `events` pay the order. A card payment's event names its
 * amount (`data.cardAmount`, e.g. "$15.00"); anything else was paid in Robux. Closed DMs leave
 * it unsent: the ticket already says the payment is verified.
 */
function receiptFor(order: OrderState, events: OrderEvent[]): OrderMessage | null {
  const paid = events.find((event) => event.type === 'payment_verified');
  if (!paid || !order.customerDiscordId) return null;
  const cardAmount = (paid.data as { cardAmount?: unknown }).cardAmount;
  return {
    target: { dmUserId: order.customerDiscordId, fallbackChannelId: order.ticketChannelId },
    payload: buildPaymentReceipt(
      order,
      typeof cardAmount === 'string' ? { kind: 'card', amount: cardAmount } : { kind: 'robux' },
    ),
  };
}

/** Whether QC passed follows from the columns: a lead reviewed the latest work, no changes. */
function toOrderState(row: OrderRow, review: ReviewRow | null): OrderState {
  return {
    id: row.id,
    status: row.status,
    priceRobux: row.priceRobux,
    robloxUsername: row.customerRobloxUsername,
    customerDiscordId: row.customerDiscordId,
    designerDiscordId: row.designerDiscordId,
    ticketChannelId: row.ticketChannelId,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    paymentVerifiedBy: row.paymentVerifiedBy,
    qcAttempts: row.qcAttempts,
    qcSubmittedBy: row.qcSubmittedBy,
    workFileUrl: row.workFileUrl,
    qcPassed: row.qcAttempts > 0 && row.qcReviewedBy !== null && row.qcChangesReason === null,
    qcReviewedBy: row.qcReviewedBy,
    qcChangesReason: row.qcChangesReason,
    deliveredAt: row.deliveredAt,
    loggedAt: row.loggedAt,
    designerShareRobux: row.designerShareRobux,
    review: review && {
      rating: review.rating,
      comment: review.comment,
      publish: review.publish,
      hidden: review.hidden,
      authorName: review.authorName,
      byDiscordId: review.customerDiscordId,
      at: review.createdAt,
    },
  };
}

/** The stored columns among `state`'s keys (`qcPassed` and `review` are not order columns). */
function toColumns(state: Partial<OrderState>): Partial<typeof orders.$inferInsert> {
  const {
    id: _id,
    qcPassed: _qc,
    review: _review,
    createdAt: _created,
    robloxUsername,
    ...rest
  } = state;
  return {
    ...rest,
    ...(robloxUsername !== undefined && { customerRobloxUsername: robloxUsername }),
  } as Partial<typeof orders.$inferInsert>;
}
