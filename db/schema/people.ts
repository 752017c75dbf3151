import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Everyone the bot or the server has seen on Discord (staff, designers, customers, applicants
// found in the server), so the dashboard shows names instead of ids. Remembered from each
// interaction, member lookup and staff sign-in (db/repositories/people.ts); never the source
// of any permission.
export const people = pgTable(
  'people',
  {
    discordId: text('discord_id').primaryKey(),
    username: text('username').notNull(),
    /** The display name the person chose for all of Discord; null when unset. */
    globalName: text('global_name'),
    /** Their nickname in the studio server; null when none. */
    nick: text('nick'),
    /** Discord's avatar hash (cdn.discordapp.com/avatars/<id>/<hash>); null: the default one. */
    avatar: text('avatar'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept to the hour: an unchanged person seen again within it is not written (remember). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A list's search by the start of a name (Payments, db/repositories/staff-payments.ts;
    // people.idsNamedLike): pattern_ops so LIKE 'x%' uses them under any collation (the plain
    // lower() index did not: a scan of every person); equality uses them too.
    index('people_username_pattern_idx').on(sql`lower(${table.username}) text_pattern_ops`),
    index('people_global_name_pattern_idx').on(sql`lower(${table.globalName}) text_pattern_ops`),
    // The Orders list's search also finds the server nickname (staff-orders.ts).
    index('people_nick_pattern_idx').on(sql`lower(${table.nick}) text_pattern_ops`),
  ],
);
