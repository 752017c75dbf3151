import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { orderCardPayments, orderEvents, orderRefunds, orders, stripeEvents } from '../schema';

export type CardPaymentRow = typeof orderCardPayments.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

// Card payments through Stripe Checkout and refunds (docs/decisions/051-payments.md).

export function createCardPaymentsRepository(db: Executor) {
  return {
    /** In /createpayment's transaction: the order's card price (a new one makes a new session). */
    async saveCardPayment(
      tx: Transaction,
      input: { orderId: string; amount: number; currency: string; at: Date },
    ): Promise<void> {
      await tx
        .insert(orderCardPayments)
        .values({ ...input, createdAt: input.at })
        .onConflictDoUpdate({
          target: orderCardPayments.orderId,
          set: { amount: input.amount, currency: input.currency },
        });
    },

    async findCardPayment(orderId: string): Promise<CardPaymentRow | null> {
      const [row] = await db
        .select()
        .from(orderCardPayments)
        .where(eq(orderCardPayments.orderId, orderId));
      return row ?? null;
    },

    async findByPaymentIntent(paymentIntentId: string): Promise<CardPaymentRow | null> {
      const [row] = await db
        .select()
        .from(orderCardPayments)
        .where(eq(orderCardPayments.paymentIntentId, paymentIntentId));
      return row ?? null;
    },

    /** The session Stripe made (never over a paid one); `count` sessions made so far. */
    async recordSession(
      orderId: string,
      session: { id: string; url: string; amount: number; expiresAt: Date; count: number },
    ): Promise<void> {
      await db
        .update(orderCardPayments)
        .set({
          sessionId: session.id,
          sessionUrl: session.url,
          sessionAmount: session.amount,
          sessionExpiresAt: session.expiresAt,
          sessionStatus: 'open',
          sessionCount: sql`greatest(${orderCardPayments.sessionCount}, ${session.count})`,
        })
        .where(
          and(
            eq(orderCardPayments.orderId, orderId),
            sql`${orderCardPayments.sessionStatus} is distinct from 'complete'`,
          ),
        );
    },

    /** The ticket's payment embed, to edit once the order is paid. */
    async recordEmbed(orderId: string, channelId: string, messageId: string): Promise<void> {
      await db
        .update(orderCardPayments)
        .set({ embedChannelId: channelId, embedMessageId: messageId })
        .where(eq(orderCardPayments.orderId, orderId));
    },

    /** Stripe says the session expired unpaid: the next ask makes a new one. Never undoes paid. */
    async markSessionExpired(sessionId: string): Promise<boolean> {
      const rows = await db
        .update(orderCardPayments)
        .set({ sessionStatus: 'expired' })
        .where(
          and(
            eq(orderCardPayments.sessionId, sessionId),
            eq(orderCardPayments.sessionStatus, 'open'),
          ),
        )
        .returning({ orderId: orderCardPayments.orderId });
      return rows.length > 0;
    },

    /** In the transaction that paid the order: which session paid, and its payment intent. */
    async recordPaid(
      orderId: string,
      paid: { sessionId: string; paymentIntentId: string | null; at: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(orderCardPayments)
        .set({
          sessionId: paid.sessionId,
          sessionStatus: 'complete',
          paymentIntentId: sql`coalesce(${paid.paymentIntentId}, ${orderCardPayments.paymentIntentId})`,
          paidAt: sql`coalesce(${orderCardPayments.paidAt}, ${paid.at.toISOString()}::timestamptz)`,
        })
        .where(eq(orderCardPayments.orderId, orderId));
      await tx
        .update(orders)
        .set({ paidWith: 'card' })
        .where(and(eq(orders.id, orderId), sql`${orders.paidWith} is null`));
    },

    async hasEvent(eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, eventId));
      return Boolean(row);
    },

    async recordEvent(event: { id: string; type: string; orderId: string | null }) {
      await db.insert(stripeEvents).values(event).onConflictDoNothing();
    },

    async findRefund(orderId: string): Promise<OrderRefundRow | null> {
      const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
      return row ?? null;
    },

    /**
     * Claims the order's one refund in `tx` (the order row locked by the caller): false when
     * someone else's refund is recorded or under way.
     */
    async claimRefund(
      tx: Transaction,
      refund: Omit<typeof orderRefunds.$inferInsert, 'createdAt' | 'refundedAt'> & { at: Date },
    ): Promise<boolean> {
      const { at, ...values } = refund;
      const rows = await tx
        .insert(orderRefunds)
        .values({ ...values, createdAt: at })
        .onConflictDoNothing()
        .returning({ orderId: orderRefunds.orderId });
      return rows.length > 0;
    },

    /** The refund went through: the order leaves the payouts. */
    async completeRefund(
      tx: Transaction,
      orderId: string,
      done: { at: Date; stripeRefundId?: string | null },
    ): Promise<void> {
      await tx
        .update(orderRefunds)
        .set({
          status: 'succeeded',
          refundedAt: done.at,
          ...(done.stripeRefundId && { stripeRefundId: done.stripeRefundId }),
        })
        .where(eq(orderRefunds.orderId, orderId));
      await tx.update(orders).set({ refundedAt: done.at }).where(eq(orders.id, orderId));
    },

    /** Stripe refused or did not answer: nothing was refunded, an executive may try again. */
    async dropPendingRefund(orderId: string): Promise<void> {
      await db
        .delete(orderRefunds)
        .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pending')));
    },
  };
}

export type CardPaymentsRepository = ReturnType<typeof createCardPaymentsRepository>;

/** The order as a refund needs it, locked in `tx` so two refunds take turns. */
export async function lockOrderForRefund(tx: Transaction, orderId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      paidAt: orders.paidAt,
      priceRobux: orders.priceRobux,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row ?? null;
}

/** The timeline's line for a refund, in the refund's transaction. */
export async function recordRefundEvent(
  tx: Transaction,
  event: {
    orderId: string;
    actorDiscordId: string;
    at: Date;
    data: { method: 'card' | 'robux'; reason: string; byName: string | null };
  },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    type: 'payment_refunded',
    actorDiscordId: event.actorDiscordId,
    data: event.data,
    createdAt: event.at,
  });
}
