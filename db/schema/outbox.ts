import {
  bigserial,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const outboxKind = pgEnum('outbox_kind', [
  'application',
  'contact_message',
  'order_message',
]);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'delivered', 'failed']);

// Every message for Discord is written here in the same transaction as the row it describes
// (DESIGN.md "Delivery to Discord"); the worker delivers it and records the result.
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: outboxKind('kind').notNull(),
    refId: integer('ref_id').notNull(),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // A claimed row is leased until this time so a crashed worker's rows come back.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    discordChannelId: text('discord_channel_id'),
    discordMessageId: text('discord_message_id'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    uniqueIndex('outbox_ref_idx').on(table.kind, table.refId),
  ],
);
