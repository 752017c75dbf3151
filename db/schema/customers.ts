import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// Customers who signed in on the site with Discord (decision 047), apart from staff_users:
// a customer is a Discord account and nothing more.
export const customerAccounts = pgTable('customer_accounts', {
  discordId: text('discord_id').primaryKey(),
  username: text('username').notNull(),
  // The OAuth2 tokens, sealed with AES-256-GCM under a key derived from the client secret
  // (db/token-cipher.ts): the worker needs the access token to add the customer to the studio's
  // server; a copy of the database alone does not hand it out. Null once forgotten.
  accessTokenSealed: text('access_token_sealed'),
  refreshTokenSealed: text('refresh_token_sealed'),
  // Space-separated, as Discord grants them; the join needs `guilds.join`.
  scopes: text('scopes').notNull().default(''),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
});

// Like staff sessions (db/schema/staff.ts), only a hash of the cookie's token is stored, in
// Postgres so that every web process agrees on them.
export const customerSessions = pgTable(
  'customer_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    discordId: text('discord_id')
      .notNull()
      .references(() => customerAccounts.discordId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Written at most once a minute; with idle_timeout_seconds it ends sessions left unused.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleTimeoutSeconds: integer('idle_timeout_seconds').notNull(),
  },
  (table) => [
    index('customer_sessions_expires_idx').on(table.expiresAt),
    index('customer_sessions_customer_idx').on(table.discordId),
  ],
);
