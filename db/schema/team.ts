import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const teamCategories = pgTable('team_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  position: integer('position').notNull(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    discordUsername: text('discord_username').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    // Comma-separated service names, as the spec's entity has it.
    specialty: text('specialty').notNull(),
    pfpUrl: text('pfp_url').notNull(),
    // Empty means the solid fallback colour.
    bannerUrl: text('banner_url').notNull().default(''),
    quote: text('quote').notNull().default(''),
    // Unix milliseconds of last activity; null sorts last.
    lastActive: bigint('last_active', { mode: 'number' }),
    // Made up by the demo seed (db/seed.ts): the go-live checklist does not count it, and
    // "Remove all demo content" deletes it.
    demo: boolean('demo').notNull().default(false),
  },
  // Discord usernames are case-insensitive: `crNx1` and `CRNX1` are one person, and two
  // executives adding them at once must meet here, not both pass a check (migration 0016).
  (table) => [
    uniqueIndex('team_members_discord_username_lower_idx').on(sql`lower(${table.discordUsername})`),
  ],
);

export const teamCategoryMembers = pgTable(
  'team_category_members',
  {
    categoryId: text('category_id')
      .notNull()
      .references(() => teamCategories.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.memberId] }),
    index('team_category_members_member_idx').on(table.memberId),
  ],
);
