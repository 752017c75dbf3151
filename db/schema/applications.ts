import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns';

export const applicationType = pgEnum('application_type', ['moderator', 'designer']);
export const applicationStatus = pgEnum('application_status', ['pending', 'accepted', 'rejected']);

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    type: applicationType('type').notNull(),
    status: applicationStatus('status').notNull().default('pending'),
    robloxUsername: text('roblox_username').notNull(),
    discordUsername: text('discord_username').notNull(),
    age: smallint('age').notNull(),
    activityLevel: smallint('activity_level').notNull(),
    // Moderator-only answers are null for designers (DESIGN.md decision 2).
    scenarioOne: text('scenario_one'),
    scenarioTwo: text('scenario_two'),
    scenarioThree: text('scenario_three'),
    scenarioFour: text('scenario_four'),
    otherServers: text('other_servers'),
    whyChooseYou: text('why_choose_you'),
    questionsForUs: text('questions_for_us'),
    questionsBenefits: text('questions_benefits'),
    additionalInfo: text('additional_info'),
    designStyle: text('design_style'),
    tools: text('tools'),
    designProcess: text('design_process'),
    designChallenges: text('design_challenges'),
    agreeTerms: boolean('agree_terms').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    // Who decided (Discord user id and display name) and when.
    reviewerId: text('reviewer_id'),
    reviewerName: text('reviewer_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('applications_status_submitted_idx').on(table.status, table.submittedAt.desc()),
    index('applications_type_submitted_idx').on(table.type, table.submittedAt.desc()),
    index('applications_submitted_idx').on(table.submittedAt.desc()),
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
    data: bytea('data').notNull(),
  },
  (table) => [index('application_images_application_idx').on(table.applicationId, table.position)],
);
