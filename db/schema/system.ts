import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Rate-limit counters shared by every web instance (DESIGN.md: nothing instances must agree
// on lives in process memory).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// One row per one-off task done to this database (e.g. 'seed'), so it never runs twice.
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Rows per status of the applications and orders tables, for the Overview: kept exact by
// statement triggers on those tables (migration 0014), so the Overview reads a few rows
// instead of counting a million (decision record 030-status-sort-and-status-counts).
export const statusCounts = pgTable(
  'status_counts',
  {
    tableName: text('table_name').notNull(),
    status: text('status').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.status] })],
);
