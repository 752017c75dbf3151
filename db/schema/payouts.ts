import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PAYOUT_PERIODS } from '../../core/orders/payouts';
import { orders } from './orders';
import { staffUsers } from './staff';

export const payoutPeriod = pgEnum('payout_period', PAYOUT_PERIODS);

// Append-only (docs/decisions/022-payouts-and-live-updates.md): an executive marking a designer's period paid
// adds a payout and one payout_orders row per order it covers; orders are never edited.
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    designerDiscordId: text('designer_discord_id').notNull(),
    period: payoutPeriod('period').notNull(),
    // First day (UTC) of the week (Monday) or month the payout covers.
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    // The sum of the covered orders' stored designer shares.
    amountRobux: integer('amount_robux').notNull(),
    paidByStaffId: integer('paid_by_staff_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    paidByName: text('paid_by_name').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payouts_designer_idx').on(table.designerDiscordId, table.periodStart)],
);

// The primary key on order_id is what makes paying idempotent: an order is paid out once.
export const payoutOrders = pgTable(
  'payout_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    shareRobux: integer('share_robux').notNull(),
  },
  (table) => [index('payout_orders_payout_idx').on(table.payoutId)],
);
