import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The home page's editable blocks (core/site/site-content.ts), one row per key; no row means
// the default in core/site. The value is checked by the key's schema on write and on read.
export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
