import type Stripe from 'stripe';
import { buildRefundNotice } from '../core/orders';
import { priceForNet } from '../core/orders/tax';
import { formatCardAmount } from '../core/payments';
import { formatRobux } from '../core/site/pricing';
import type { Database, Transaction } from './client';
import { countStripeError } from './payment-metrics';
import {
  type CardPaymentRow,
  createCardPaymentsRepository,
  lockOrderForRefund,
  type OrderRefundRow,
  recordRefundEvent,
} from './repositories/card-payments';
import { createOrdersRepository, queueOrderMessage } from './repositories/orders';

// Refunds are the executives' alone (issue 31, docs/decisions/051-payments.md): a card
// payment through Stripe (idempotent per order), a Robux one recorded as made by hand in
// Roblox, which has no refund API. One per order: the order row's lock makes two executives at
// once take turns, and the second finds the first's refund. A refunded order leaves the
// payouts (orders.refunded_at), its timeline says so, and the customer is told.

export type RefundOutcome =
  | { kind: 'refunded'; refund: OrderRefundRow }
  | { kind: 'missing' }
  | { kind: 'unpaid' }
  | { kind: 'already'; refund: OrderRefundRow }
  | { kind: 'stripe_failed'; message: string };

interface RefundLog {
  warn(obj: unknown, msg?: string): void;
}

/** How a refund's amount reads: "$15.00" for a card, "1,000 R$" for Robux. */
export function refundAmountLabel(refund: Pick<OrderRefundRow, 'amount' | 'currency'>): string {
  return refund.currency === 'robux'
    ? formatRobux(refund.amount)
    : formatCardAmount(refund.amount, refund.currency);
}

export function createRefunds(deps: {
  db: Database;
  log: RefundLog;
  /** Null without Stripe settings: Robux refunds are still recorded. */
  stripe: Stripe | null;
  now?: () => Date;
}) {
  const { db, log, stripe } = deps;
  const clock = deps.now ?? (() => new Date());
  const cards = createCardPaymentsRepository(db);

  /**
   * Refunds a paid order once (executives; or Stripe reporting one made in its dashboard):
   * card through Stripe with an idempotency key per order, Robux recorded as made by hand.
   */
  async function refundOrder(
    orderId: string,
    actor: { discordId: string; name: string | null },
    reason: string,
    options: { fromStripe?: { amount: number } } = {},
  ): Promise<RefundOutcome> {
    const now = clock();
    type Claimed =
      | Exclude<RefundOutcome, { kind: 'refunded' | 'stripe_failed' }>
      | { kind: 'claimed'; method: 'card' | 'robux'; card: CardPaymentRow | null; done: boolean };
    const claimed: Claimed = await db.transaction(async (tx) => {
      const order = await lockOrderForRefund(tx, orderId);
      if (!order) return { kind: 'missing' };
      if (!order.paidAt) return { kind: 'unpaid' };
      const existing = await createCardPaymentsRepository(tx).findRefund(orderId);
      if (existing) return { kind: 'already', refund: existing };
      const card = await createCardPaymentsRepository(tx).findCardPayment(orderId);
      const method = card?.paidAt && card.paymentIntentId ? 'card' : 'robux';
      // Stripe already refunded (its dashboard) or Robux was refunded by hand: done now.
      const done = method === 'robux' || Boolean(options.fromStripe);
      await cards.claimRefund(tx, {
        orderId,
        method,
        amount:
          method === 'card'
            ? (options.fromStripe?.amount ?? (card as CardPaymentRow).amount)
            : priceForNet(order.priceRobux),
        currency: method === 'card' ? (card as CardPaymentRow).currency : 'robux',
        reason,
        refundedBy: actor.discordId,
        status: done ? 'succeeded' : 'pending',
        at: now,
      });
      if (done) await finishRefund(tx, orderId, actor, reason, method, null);
      return { kind: 'claimed', method, card, done };
    });
    if (claimed.kind !== 'claimed') return claimed;
    if (!claimed.done) {
      if (!stripe) {
        await cards.dropPendingRefund(orderId);
        return { kind: 'stripe_failed', message: 'Stripe is not configured' };
      }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: claimed.card?.paymentIntentId as string,
            reason: 'requested_by_customer',
            metadata: { order_id: orderId },
          },
          { idempotencyKey: `lunar-refund:${orderId}:${claimed.card?.paymentIntentId}` },
        );
        await db.transaction((tx) => finishRefund(tx, orderId, actor, reason, 'card', refund.id));
      } catch (error) {
        await cards.dropPendingRefund(orderId);
        countStripeError((error as { type?: string }).type ?? 'unknown');
        log.warn(
          { orderId, err: (error as Error).message },
          'payments: Stripe failed to refund a card payment',
        );
        return { kind: 'stripe_failed', message: (error as Error).message };
      }
    }
    const refund = await cards.findRefund(orderId);
    return refund ? { kind: 'refunded', refund } : { kind: 'missing' };
  }

  /** The refund went through: the order leaves the payouts, the timeline and the customer know. */
  async function finishRefund(
    tx: Transaction,
    orderId: string,
    actor: { discordId: string; name: string | null },
    reason: string,
    method: 'card' | 'robux',
    stripeRefundId: string | null,
  ): Promise<void> {
    const now = clock();
    const repo = createCardPaymentsRepository(tx);
    await repo.completeRefund(tx, orderId, { at: now, stripeRefundId });
    await recordRefundEvent(tx, {
      orderId,
      actorDiscordId: actor.discordId,
      at: now,
      data: { method, reason, byName: actor.name },
    });
    const order = await createOrdersRepository(tx).findOrder(orderId);
    const refund = await repo.findRefund(orderId);
    if (!order || !refund) return;
    const payload = buildRefundNotice(order, {
      method,
      amountLabel: refundAmountLabel(refund),
      reason,
    });
    await queueOrderMessage(tx, orderId, {
      target: order.customerDiscordId
        ? {
            dmUserId: order.customerDiscordId,
            fallbackChannelId: order.ticketChannelId,
            fallback: payload,
          }
        : { channelId: order.ticketChannelId },
      payload,
    });
  }

  return { refundOrder };
}
