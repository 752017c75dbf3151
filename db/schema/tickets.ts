import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { JoinRefusal } from '../../core/tickets/join-refusals';
import type { TicketNoteSource } from '../../core/tickets/notes';
import type { TicketReplyAuthor } from '../../core/tickets/replies';
import { TICKET_SOURCES, TICKET_STATUSES } from '../../core/tickets/ticket-status';
import { createdAt } from './columns';

export const ticketStatus = pgEnum('ticket_status', TICKET_STATUSES);
export const ticketSource = pgEnum('ticket_source', TICKET_SOURCES);

const at = (name: string) => timestamp(name, { withTimezone: true });

// The last ticket number given. A number is taken from here in the transaction that inserts its
// ticket (db/repositories/ticket-requests.ts), so a refused request or a crash gives none back
// and numbers have no gaps; a sequence skips both (and PGlite's more after a crash).
export const ticketCounter = pgTable(
  'ticket_counter',
  {
    id: smallint('id').primaryKey().default(1),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [check('ticket_counter_one_row', sql`${table.id} = 1`)],
);

// One row per ticket (decision 046). The id is the ticket number (from `ticket_counter`): the
// channel is `ticket-0042` and the order made in it has that id (`order_id`).
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey(),
    orderId: text('order_id').notNull().generatedAlwaysAs(sql`'ticket-' || lpad(id::text, 4, '0')`),
    status: ticketStatus('status').notNull().default('opening'),
    source: ticketSource('source').notNull(),
    customerDiscordId: text('customer_discord_id').notNull(),
    serviceKey: text('service_key').notNull(),
    // The service's title when the ticket was opened, so a later content edit keeps it readable.
    serviceLabel: text('service_label').notNull(),
    request: text('request').notNull(),
    budgetRobux: integer('budget_robux').notNull(),
    deadline: text('deadline').notNull(),
    robloxUsername: text('roblox_username').notNull(),
    // Whether the one-open-ticket-per-service rule held when it was opened
    // (TICKETS_ONE_PER_SERVICE); the unique index below covers only these rows.
    exclusive: boolean('exclusive').notNull().default(true),
    channelId: text('channel_id'),
    // The intake message in that channel, which a reassign edits (bot/tickets/claim-job.ts).
    intakeMessageId: text('intake_message_id'),
    // core/tickets `JoinRefusal`: why Discord would not add the site customer to the server.
    joinRefusal: text('join_refusal').$type<JoinRefusal>(),
    // Set while the ticket waits for a channel to free up (every category full): the queue is
    // served by ticket number, and the customer is told their place in it.
    queuedAt: at('queued_at'),
    claimantDiscordId: text('claimant_discord_id'),
    claimedAt: at('claimed_at'),
    closeRequestedBy: text('close_requested_by'),
    closeRequestedAt: at('close_requested_at'),
    // The customer asked staff to close (the `tickets` site setting allows it); pending until a
    // staff member confirms or denies, so a second press posts no second request.
    customerCloseRequestedAt: at('customer_close_requested_at'),
    closedBy: text('closed_by'),
    closeReason: text('close_reason'),
    closedAt: at('closed_at'),
    // The last message of a person in the channel (the bot's messageCreate, decision 046) or
    // the ticket's opening, whichever is later; the inactivity pass reads it too.
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
    // The last message of a person in the live channel, and whether the customer wrote it
    // (core/tickets/replies.ts): null until someone writes. Kept after the close.
    lastMessageAt: at('last_message_at'),
    lastMessageBy: text('last_message_by').$type<TicketReplyAuthor>(),
    inactivityWarnedAt: at('inactivity_warned_at'),
    transcriptStoredAt: at('transcript_stored_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // One open ticket per customer per service: a second request loses here, in any process.
    // Closed and failed tickets (core/tickets `isTicketFinished`) do not count.
    uniqueIndex('tickets_one_open_idx')
      .on(table.customerDiscordId, table.serviceKey)
      .where(sql`${table.exclusive} and ${table.status} not in ('closed', 'failed')`),
    uniqueIndex('tickets_order_id_idx').on(table.orderId),
    uniqueIndex('tickets_channel_idx').on(table.channelId),
    index('tickets_customer_idx').on(table.customerDiscordId, table.createdAt.desc()),
    index('tickets_status_idx').on(table.status, table.lastActivityAt),
    index('tickets_claimant_idx').on(table.claimantDiscordId, table.status),
    index('tickets_queue_idx')
      .on(table.id)
      .where(sql`${table.queuedAt} is not null and ${table.status} = 'opening'`),
    check('tickets_budget_positive', sql`${table.budgetRobux} > 0`),
    check('tickets_last_message_by', sql`${table.lastMessageBy} in ('customer', 'staff')`),
  ],
);

// The ticket's history; the dashboard shows it merged with the order's events (order id =
// tickets.order_id) as one timeline.
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    // core/tickets `TicketEventType`.
    type: text('type').notNull(),
    // Null for what the studio did by itself (an inactivity close).
    actorDiscordId: text('actor_discord_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_events_ticket_idx').on(table.ticketId, table.createdAt)],
);

// Staff-only notes (core/tickets/notes.ts): read and written on the dashboard's ticket page and
// with `/ticket note`, never posted in the channel, so never in a transcript or a customer's view.
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorDiscordId: text('author_discord_id').notNull(),
    // core/tickets `TicketNoteSource`.
    via: text('via').$type<TicketNoteSource>().notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ticket_notes_ticket_idx').on(table.ticketId, table.createdAt),
    // TICKET_NOTE_MAX counts characters as people see them; the column bounds bytes' worth.
    check('ticket_notes_body_length', sql`char_length(${table.body}) between 1 and 8000`),
  ],
);

export type TicketAttachment = { name: string; url: string };

// The transcript: the channel's messages as the close job read them through REST. Keyed by
// the Discord message id, so a close job that runs again after a crash stores each once.
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    discordMessageId: text('discord_message_id').notNull(),
    authorDiscordId: text('author_discord_id').notNull(),
    authorName: text('author_name').notNull(),
    authorIsBot: boolean('author_is_bot').notNull().default(false),
    sentAt: at('sent_at').notNull(),
    content: text('content').notNull().default(''),
    // The embeds' titles, descriptions and fields as plain text.
    embedsText: text('embeds_text').notNull().default(''),
    attachments: jsonb('attachments').$type<TicketAttachment[]>().notNull().default([]),
  },
  (table) => [
    uniqueIndex('ticket_messages_message_idx').on(table.ticketId, table.discordMessageId),
    index('ticket_messages_sent_idx').on(table.ticketId, table.sentAt),
  ],
);
