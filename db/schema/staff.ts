import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const staffRole = pgEnum('staff_role', ['staff', 'lead', 'executive']);

export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  discordId: text('discord_id').notNull().unique(),
  username: text('username').notNull(),
  role: staffRole('role').notNull().default('staff'),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

export const sessionScope = pgEnum('session_scope', ['staff', 'blog_admin']);

// Sessions live in Postgres so several web instances agree on them. Only a hash of the
// cookie's token is stored.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    scope: sessionScope('scope').notNull(),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_expires_idx').on(table.expiresAt),
    index('sessions_user_idx').on(table.staffUserId),
  ],
);
