import { sql } from 'drizzle-orm';
import {
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
import { ORDER_STATUSES } from '../../core/orders/status';
import { createdAt } from './columns';

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const orders = pgTable(
  'orders',
  {
    // The ticket's id, given by staff.
    id: text('id').primaryKey(),
    status: orderStatus('status').notNull().default('awaiting_payment'),
    priceRobux: integer('price_robux').notNull(),
    customerRobloxUsername: text('customer_roblox_username').notNull(),
    customerDiscordId: text('customer_discord_id'),
    designerDiscordId: text('designer_discord_id').notNull(),
    ticketChannelId: text('ticket_channel_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_status_updated_idx').on(table.status, table.updatedAt.desc()),
    index('orders_designer_idx').on(table.designerDiscordId, table.updatedAt.desc()),
    check('orders_price_positive', sql`${table.priceRobux} > 0`),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('reviews_created_idx').on(table.createdAt.desc()),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);
