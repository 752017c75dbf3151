import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { STAFF_ROLES, type StaffRole } from '../../core/auth/roles';
import { SESSION_SCOPES } from '../../core/auth/sessions';
import { createdAt } from './columns';

export const staffRole = pgEnum('staff_role', STAFF_ROLES);

export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  discordId: text('discord_id').notNull().unique(),
  username: text('username').notNull(),
  // Several roles at once (a designer who also verifies payments); what each includes is
  // core/auth's hasRole, not the database's business. Empty: no longer staff.
  roles: staffRole('roles').array().notNull().default(sql`'{}'::staff_role[]`).$type<StaffRole[]>(),
  // Roles mirror Discord guild roles; sign-in code re-reads them when this gets old.
  rolesCheckedAt: timestamp('roles_checked_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

export const sessionScope = pgEnum('session_scope', SESSION_SCOPES);

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
    // Written at most once a minute; with idle_timeout_seconds it ends sessions left unused.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleTimeoutSeconds: integer('idle_timeout_seconds'),
  },
  (table) => [
    index('sessions_expires_idx').on(table.expiresAt),
    index('sessions_user_idx').on(table.staffUserId),
    // A staff session belongs to a staff member; a passcode session to nobody.
    check(
      'sessions_staff_user_matches_scope',
      sql`(${table.scope} = 'staff') = (${table.staffUserId} is not null)`,
    ),
  ],
);

// One-time sign-in links (the /dashboard command, `npm run login-link`, the owner link at first
// start). Like sessions, only a hash of the token is stored; `used_at` makes them single-use.
export const signInLinks = pgTable(
  'sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    discordId: text('discord_id').notNull(),
    username: text('username'),
    // Null: the member keeps the roles stored for them.
    roles: staffRole('roles').array().$type<StaffRole[]>(),
    next: text('next'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_links_expires_idx').on(table.expiresAt)],
);
