import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES, type ApplicationAnswers } from '../../core/applications/record';
import { APPLICATION_TYPES } from '../../core/applications/schema';
import { bytea, tsvector } from './columns';

export const applicationType = pgEnum('application_type', APPLICATION_TYPES);
export const applicationStatus = pgEnum('application_status', APPLICATION_STATUSES);

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    type: applicationType('type').notNull(),
    status: applicationStatus('status').notNull().default('pending'),
    robloxUsername: text('roblox_username').notNull(),
    discordUsername: text('discord_username').notNull(),
    // Every other answer, as one document checked by the core schema of its type
    // (core/applications/record.ts); read back only through that schema.
    answers: jsonb('answers').$type<ApplicationAnswers>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    // Who decided (Discord user id and display name) and when.
    reviewerId: text('reviewer_id'),
    reviewerName: text('reviewer_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    // The reviewer's optional note with the decision (the dashboard's decision dialog).
    decisionNote: text('decision_note'),
    // The dashboard's search (decision record 016-dashboard-application-list): the usernames and every
    // string value of the answers (not the keys: every row has those), as words. Kept by
    // Postgres itself and GIN-indexed, so a search reads the index rather than every document.
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, roblox_username || ' ' || discord_username) || jsonb_to_tsvector('simple'::regconfig, answers, '["string"]'::jsonb)`,
      ),
  },
  // Keyset pages (decision record 016-dashboard-application-list): each list order has an index on
  // (filter, sort value, id) so any page, however deep, is an index range read of one page.
  (table) => [
    index('applications_submitted_id_idx').on(table.submittedAt, table.id),
    index('applications_status_submitted_id_idx').on(table.status, table.submittedAt, table.id),
    index('applications_type_submitted_id_idx').on(table.type, table.submittedAt, table.id),
    index('applications_type_status_id_idx').on(table.type, table.status, table.id),
    // The list contract's sort by decision (decision 052).
    index('applications_decided_id_idx').on(table.decidedAt, table.id),
    index('applications_status_username_id_idx').on(
      table.status,
      sql`lower(${table.robloxUsername})`,
      table.id,
    ),
    // The username and status orders carry submitted_at after the keyset's columns: a date
    // range matching many rows is then checked in the index alone (an index-only scan) as the
    // walk goes (decision record 025-dashboard-lists-at-scale). roblox_username is there
    // because Postgres reads an index-only scan's lower(…) from the column, not the expression.
    index('applications_username_cover_idx').on(
      sql`lower(${table.robloxUsername})`,
      table.id,
      table.robloxUsername,
      table.submittedAt,
    ),
    index('applications_status_cover_idx').on(table.status, table.id, table.submittedAt),
    // The search's words with the status beside them (btree_gin): a status-sorted page asks
    // for one status' matches, which a GIN index of the words alone can only answer by
    // reading every match of a common word (decision record 030-status-sort-and-status-counts).
    // A search without a status reads the words' entries alone, as from an index of them.
    index('applications_status_search_idx').using('gin', table.status, table.search),
  ],
);

export const applicationImages = pgTable(
  'application_images',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    // The stored file (db/image-store.ts: DATA_DIR or the bucket): the SHA-256 of its bytes.
    // Null only on a row from before files, until the start-up step moves its bytes out.
    contentHash: text('content_hash'),
    // Legacy: the bytes of images stored before files (docs/decisions/015-upload-storage.md).
    // Emptied by the start-up step; a later migration may drop the column.
    data: bytea('data'),
  },
  (table) => [
    index('application_images_application_idx').on(table.applicationId, table.position),
    index('application_images_hash_idx').on(table.contentHash),
  ],
);
