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
import { OUTBOX_KINDS, OUTBOX_STATUSES } from '../../core/discord/outbox';
import { createdAt } from './columns';

export const outboxKind = pgEnum('outbox_kind', OUTBOX_KINDS);
export const outboxStatus = pgEnum('outbox_status', OUTBOX_STATUSES);

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
    // The worker process holding the lease (`worker_processes.id`): once that process is known
    // dead, its rows come back at once rather than when the lease ends.
    lockedBy: text('locked_by'),
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

// One row per running outbox worker (decision 046, issue 33): it beats every few seconds; a
// process whose beat is stale, or that a restart on the same host finds gone, is dead, and the
// leases it held are released at once.
export const workerProcesses = pgTable('worker_processes', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
