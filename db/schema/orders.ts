import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../core/orders/order-status';
import { createdAt } from './columns';

/** QC's outcome as the dashboard filters on it (db/repositories/staff-orders.ts): one text, so the index matches. */
export const QC_OUTCOME_SQL = sql.raw(
  `case when qc_attempts = 0 then 'none' when qc_reviewed_by is null then 'pending' when qc_changes_reason is null then 'passed' else 'changes_requested' end`,
);

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

const at = (name: string) => timestamp(name, { withTimezone: true });

// One row per order, the columns of core/orders `OrderState`. Whether QC passed is not stored:
// it is "a lead reviewed the latest submission and asked for no changes" (see
// db/repositories/orders.ts), so it cannot disagree with the columns it follows from.
export const orders = pgTable(
  'orders',
  {
    // The ticket's id, given by staff (lowercase, `OrderIdSchema`).
    id: text('id').primaryKey(),
    status: orderStatus('status').notNull().default('awaiting_payment'),
    // What the studio receives; the payment embed adds Roblox's 30% fee.
    priceRobux: integer('price_robux').notNull(),
    customerRobloxUsername: text('customer_roblox_username').notNull(),
    customerDiscordId: text('customer_discord_id'),
    designerDiscordId: text('designer_discord_id').notNull(),
    ticketChannelId: text('ticket_channel_id').notNull(),
    paidAt: at('paid_at'),
    paymentVerifiedBy: text('payment_verified_by'),
    // How the order was paid: 'robux' (the game pass check) or 'card' (Stripe); null when a
    // verifier pressed Verify (the method was not recorded) or before payment.
    paidWith: text('paid_with'),
    // An executive refunded it (order_refunds has who, why and how): it leaves the payouts.
    refundedAt: at('refunded_at'),
    qcAttempts: integer('qc_attempts').notNull().default(0),
    qcSubmittedBy: text('qc_submitted_by'),
    workFileUrl: text('work_file_url'),
    qcReviewedBy: text('qc_reviewed_by'),
    qcChangesReason: text('qc_changes_reason'),
    deliveredAt: at('delivered_at'),
    loggedAt: at('logged_at'),
    designerShareRobux: integer('designer_share_robux'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('orders_status_updated_idx').on(table.status, table.updatedAt.desc()),
    index('orders_designer_idx').on(table.designerDiscordId, table.updatedAt.desc()),
    index('orders_customer_idx').on(table.customerDiscordId, table.updatedAt.desc()),
    // The dashboard's list (db/repositories/staff-orders.ts): each sort with the id as the
    // keyset's tie-breaker, alone and after the filters that select many rows.
    // Price and status carry created_at after the keyset's columns: a date range matching
    // many orders is checked in the index alone as the walk goes (decision record
    // 025-dashboard-lists-at-scale).
    index('orders_created_id_idx').on(table.createdAt, table.id),
    index('orders_price_cover_idx').on(table.priceRobux, table.id, table.createdAt),
    index('orders_status_cover_idx').on(table.status, table.id, table.createdAt),
    index('orders_status_created_idx').on(table.status, table.createdAt, table.id),
    index('orders_status_price_idx').on(table.status, table.priceRobux, table.id),
    index('orders_designer_created_idx').on(table.designerDiscordId, table.createdAt, table.id),
    index('orders_designer_price_idx').on(table.designerDiscordId, table.priceRobux, table.id),
    index('orders_designer_status_idx').on(table.designerDiscordId, table.status, table.id),
    // Filters that follow the status (unpaid orders await payment, QC outcomes have their
    // statuses): sorting by status after them scans within the filter, not past it. Paid or
    // not is two partial indexes, the list's condition spelled as their predicates; unpaid
    // orders are few, so each sort has its own.
    index('orders_paid_status_id_idx')
      .on(table.status, table.id)
      .where(sql`${table.paidAt} is not null`),
    index('orders_unpaid_status_id_idx')
      .on(table.status, table.id)
      .where(sql`${table.paidAt} is null`),
    index('orders_unpaid_created_id_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.paidAt} is null`),
    index('orders_unpaid_price_id_idx')
      .on(table.priceRobux, table.id)
      .where(sql`${table.paidAt} is null`),
    // Payments' sort by paid date (db/repositories/staff-payments.ts): the paid orders, walked
    // either way; the unpaid ones follow by id (list-query.ts readInParts). With a status
    // chosen, the walk starts at it: awaiting orders are never paid, and without the status in
    // front the planner, thinking them as often paid as any, walks every paid order to find none.
    index('orders_paid_at_id_idx')
      .on(table.paidAt, table.id)
      .where(sql`${table.paidAt} is not null`),
    index('orders_status_paid_at_idx')
      .on(table.status, table.paidAt, table.id)
      .where(sql`${table.paidAt} is not null`),
    index('orders_qc_status_idx').on(sql`(${QC_OUTCOME_SQL})`, table.status, table.id),
    // The list contract (decision 052): the search's prefixes of the order id and the
    // customer's Roblox name (pattern_ops: LIKE 'x%' under any collation; equality too), and
    // the sorts by last change and by customer.
    index('orders_roblox_username_pattern_idx').on(
      sql`lower(${table.customerRobloxUsername}) text_pattern_ops`,
    ),
    index('orders_id_pattern_idx').on(sql`${table.id} text_pattern_ops`),
    index('orders_updated_id_idx').on(table.updatedAt, table.id),
    index('orders_customer_sort_idx').on(sql`lower(${table.customerRobloxUsername})`, table.id),
    // Payouts: logged orders by when they were logged.
    index('orders_logged_idx')
      .on(table.loggedAt, table.designerDiscordId)
      .where(sql`${table.loggedAt} is not null`),
    check('orders_price_positive', sql`${table.priceRobux} > 0`),
    check('orders_qc_attempts_nonnegative', sql`${table.qcAttempts} >= 0`),
  ],
);

// The order's timeline: one row per state change, written in the change's transaction.
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // core/orders `OrderEventType`; `data` is that type's `ORDER_EVENT_DATA` shape.
    type: text('type').notNull(),
    actorDiscordId: text('actor_discord_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerDiscordId: text('customer_discord_id').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    // The customer agreed to show it on the site; an executive may hide it again.
    publish: boolean('publish').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    // Who hid it last and when (the order's events keep every hide and show); null when shown.
    hiddenAt: at('hidden_at'),
    hiddenBy: text('hidden_by'),
    // The customer's first name or username when they reviewed (core/orders/testimonial.ts),
    // so the site never needs Discord to sign a testimonial; null on older rows.
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (table) => [
    index('reviews_created_idx').on(table.createdAt.desc()),
    // The home page's testimonials: published, not hidden, newest first.
    index('reviews_testimonials_idx')
      .on(table.id.desc())
      .where(sql`${table.publish} and not ${table.hidden}`),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    // REVIEW_COMMENT_MAX in core/orders/options.ts.
    check('reviews_comment_length', sql`char_length(${table.comment}) <= 1000`),
  ],
);

/**
 * A message about an order for a channel other than the interaction's own (QC, order log,
 * reviews, the ticket) or a customer's DMs, built when the state changed and delivered through
 * the outbox (kind 'order_message', ref_id = this id). `channel_key` names a configured
 * channel (`config.discord.channels`), resolved at send time; `channel_id` is a fixed channel
 * (the ticket); `dm_user_id` a DM, with `fallback_payload` posted in `channel_id` when the
 * customer's DMs are closed (a receipt has none: with DMs closed it is not sent).
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channelKey: text('channel_key'),
    channelId: text('channel_id'),
    dmUserId: text('dm_user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    fallbackPayload: jsonb('fallback_payload').$type<Record<string, unknown>>(),
    // Set: the message edits this one, posted earlier in `channel_id` (the ticket's payment
    // embed once the bot made the game pass or saw the payment), instead of posting.
    editMessageId: text('edit_message_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_messages_order_idx').on(table.orderId),
    check(
      'order_messages_has_target',
      sql`${table.channelKey} is not null or ${table.channelId} is not null`,
    ),
    check(
      'order_messages_dm_fallback',
      sql`${table.dmUserId} is null or ${table.channelId} is not null`,
    ),
  ],
);
