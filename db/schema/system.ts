import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
