import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * How an order awaiting Robux is paid when Roblox is configured (docs/decisions/051-payments.md):
 * the customer's Roblox user, the order's game pass, and the automatic checks of the customer's
 * inventory. One row per order, written with the order by /createpayment.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The customer's Roblox user id; null while Roblox could not be asked.
    robloxUserId: text('roblox_user_id'),
    // The order's game pass once made, at `passPrice` (fee included) and on sale until paid.
    gamePassId: text('game_pass_id'),
    passPrice: integer('pass_price').notNull(),
    // The price the pass has on Roblox; differs from pass_price while a re-price is pending.
    passPricedAt: integer('pass_priced_at'),
    passOnSale: boolean('pass_on_sale').notNull().default(false),
    // The pass needs making, re-pricing or taking off sale from this time on (a job retries).
    passSyncAt: at('pass_sync_at'),
    passSyncFailures: integer('pass_sync_failures').notNull().default(0),
    // One process at a time talks to Roblox about a pass: no two passes for one order.
    passLeaseUntil: at('pass_lease_until'),
    // The ticket's payment embed, edited when the pass is ready and when the order is paid.
    embedChannelId: text('embed_channel_id'),
    embedMessageId: text('embed_message_id'),
    // The next automatic check; null when none is due (paid, or handed to a verifier).
    nextCheckAt: at('next_check_at'),
    // The customer pressed "I've paid" and no check has run since: checked first.
    pressed: boolean('pressed').notNull().default(false),
    pressedAt: at('pressed_at'),
    checkLeaseUntil: at('check_lease_until'),
    lastCheckAt: at('last_check_at'),
    // core/payments `CheckResult`.
    lastCheckResult: text('last_check_result'),
    checkFailures: integer('check_failures').notNull().default(0),
    // A payment verifier was asked, and why.
    escalatedAt: at('escalated_at'),
    escalationReason: text('escalation_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_payments_due_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} is not null`),
    // Payments' sort by last check (db/repositories/staff-payments.ts): the checked orders,
    // walked either way; the others follow by id (list-query.ts readInParts).
    index('order_payments_last_check_idx')
      .on(table.lastCheckAt, table.orderId)
      .where(sql`${table.lastCheckAt} is not null`),
    index('order_payments_user_idx').on(table.robloxUserId),
    index('order_payments_pass_sync_idx')
      .on(table.passSyncAt)
      .where(sql`${table.passSyncAt} is not null`),
    check('order_payments_price_positive', sql`${table.passPrice} > 0`),
  ],
);

/**
 * Inventory reads made, for the budget every process shares (Roblox allows 100 a minute per
 * key owner): a read is taken only while fewer than the limit happened in the last minute.
 */
export const robloxInventoryReads = pgTable(
  'roblox_inventory_reads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    pressed: boolean('pressed').notNull(),
  },
  (table) => [index('roblox_inventory_reads_at_idx').on(table.at)],
);

/**
 * How an order may be paid by card when Stripe is configured: the amount in CARD_CURRENCY's
 * minor unit and the order's current Checkout Session. One row per order with a card price,
 * written with the order by /createpayment; a new session replaces an expired one.
 */
export const orderCardPayments = pgTable(
  'order_card_payments',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    // The current Checkout Session; null until Stripe answered.
    sessionId: text('session_id'),
    sessionUrl: text('session_url'),
    // The amount the session charges (a price change makes a new one).
    sessionAmount: integer('session_amount'),
    sessionExpiresAt: at('session_expires_at'),
    // Sessions made for this order so far: part of the idempotency key of the next.
    sessionCount: integer('session_count').notNull().default(0),
    // open, expired, complete (core/payments `CardSessionStatus`).
    sessionStatus: text('session_status'),
    // Set by the webhook when Stripe says the session was paid.
    paymentIntentId: text('payment_intent_id'),
    paidAt: at('paid_at'),
    // The ticket's payment embed, edited when the order is paid by card.
    embedChannelId: text('embed_channel_id'),
    embedMessageId: text('embed_message_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_card_payments_session_idx').on(table.sessionId),
    index('order_card_payments_intent_idx').on(table.paymentIntentId),
    check('order_card_payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * Stripe events already handled, by id: a delivery of one again (Stripe retries, replays) is
 * answered without doing anything twice.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderId: text('order_id'),
  receivedAt: at('received_at').notNull().defaultNow(),
});

/**
 * A refunded order (executives only): at most one per order, so two executives at once make
 * one refund. Card: a Stripe refund; Robux: made by hand in Roblox and recorded here.
 */
export const orderRefunds = pgTable('order_refunds', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  // 'card' or 'robux'.
  method: text('method').notNull(),
  // Minor units of `currency` for a card; Robux for Robux.
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').notNull(),
  // A staff member's Discord id, or 'stripe' for a refund made in Stripe's dashboard.
  refundedBy: text('refunded_by').notNull(),
  // 'pending' while Stripe is asked, then 'succeeded'.
  status: text('status').notNull(),
  stripeRefundId: text('stripe_refund_id'),
  createdAt: createdAt(),
  refundedAt: at('refunded_at'),
});
