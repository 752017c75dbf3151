import { z } from 'zod';
import { SnowflakeSchema } from '../orders/options';
import type { OrderStatus } from '../orders/order-status';
import { FacetParamSchema, ListQuerySchema } from '../shared/list-page';
import { KeysetIdSchema } from '../shared/page';
import { TicketCloseReasonSchema, TicketServiceKeySchema } from './intake';
import { TICKET_REPLY_STATES, type TicketReplyState } from './replies';
import type { TicketStaffAction } from './staff-actions';
import type { TicketStatus } from './ticket-status';
import { TICKET_STATUSES } from './ticket-status';

// The dashboard's Tickets page (decision 047): `GET /api/staff/tickets`, its query shared by the
// route and the page, the rows it answers, and one ticket's detail.

/**
 * Sortable columns: the ticket number, opened, last activity (a person's last message in the
 * channel, else the opening: `tickets.last_activity_at`), status, service.
 */
export const TICKET_SORTS = ['number', 'created', 'activity', 'status', 'service'] as const;
const TicketSortSchema = z.enum(TICKET_SORTS, {
  error: `Sort must be one of ${TICKET_SORTS.join(', ')}`,
});

const StatusValueSchema = z.enum(TICKET_STATUSES, {
  error: `Status must be one of ${TICKET_STATUSES.join(', ')}`,
});
const ServiceValueSchema = TicketServiceKeySchema;
/** A claimant's Discord id, or `none` for tickets nobody claimed. */
const ClaimantValueSchema = z
  .string()
  .regex(/^(?:\d{17,20}|none)$/, { error: 'Claimant must be a Discord id or none' });

/** Who wrote last in the channel (core/tickets/replies.ts): `customer` waits for staff. */
const ReplyValueSchema = z.enum(TICKET_REPLY_STATES, {
  error: `Reply must be one of ${TICKET_REPLY_STATES.join(', ')}`,
});

/** The tickets list's facets, by the id the query and the answer name them. */
export const TICKET_FACETS = ['status', 'service', 'claimant', 'reply'] as const;

/**
 * `GET /api/staff/tickets` (core/shared/list-page.ts): `q` finds a ticket number or name
 * (`ticket-0042`), a Roblox username, a customer's Discord id, or words of the request; dates
 * are the ticket's opening.
 */
export const TicketListQuerySchema = ListQuerySchema(TicketSortSchema, 'number')
  .extend({
    status: FacetParamSchema(StatusValueSchema).optional(),
    service: FacetParamSchema(ServiceValueSchema).optional(),
    claimant: FacetParamSchema(ClaimantValueSchema).optional(),
    reply: FacetParamSchema(ReplyValueSchema).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'From must not be after to',
    path: ['from'],
  });
export type TicketListQuery = z.output<typeof TicketListQuerySchema>;

export type TicketSummary = {
  number: number;
  name: string;
  status: TicketStatus;
  source: 'discord' | 'site';
  serviceKey: string;
  serviceLabel: string;
  customerDiscordId: string;
  customerName: string | null;
  /** The Roblox account the customer gave: their name while Discord's is not known. */
  robloxUsername: string;
  claimantDiscordId: string | null;
  claimantName: string | null;
  orderStatus: OrderStatus | null;
  createdAt: Date | string;
  closedAt: Date | string | null;
  /** A person's last message in the channel, else the opening (the `activity` sort). */
  lastActivityAt: Date | string;
  /** Who wrote last: the customer (waiting for staff), staff, or nobody yet. */
  reply: TicketReplyState;
  /** What the caller may do to it now (core/tickets/staff-actions.ts): only these are offered. */
  actions: TicketStaffAction[];
};

export type TicketTimelineEntry = {
  source: 'ticket' | 'order';
  type: string;
  actorDiscordId: string | null;
  actorName: string | null;
  /** What happened, in words, with the people it names by name (core/tickets/timeline.ts). */
  summary: string;
  data: Record<string, unknown>;
  at: Date | string;
};

export type TicketTranscriptLine = {
  authorDiscordId: string;
  authorName: string;
  authorIsBot: boolean;
  sentAt: Date | string;
  content: string;
  embedsText: string;
  attachments: { name: string; url: string }[];
};

export type TicketDetail = TicketSummary & {
  /** Whether the caller may open the ticket's order (core/staff/work-scope.ts). */
  orderVisible: boolean;
  request: string;
  budgetRobux: number;
  deadline: string;
  robloxUsername: string;
  channelId: string | null;
  claimedAt: Date | string | null;
  closedBy: string | null;
  closeReason: string | null;
  timeline: TicketTimelineEntry[];
  /** Null until the close job stored it. */
  transcript: TicketTranscriptLine[] | null;
  /** Names of the people the transcript mentions or who wrote in it, by Discord id. */
  mentionNames: Record<string, string>;
};

/** The reassign and force-close forms of the detail page. */
export const TicketReassignSchema = z.object({ to: SnowflakeSchema });
export const TicketForceCloseSchema = z.object({ reason: TicketCloseReasonSchema });
export const TicketNumberSchema = z.coerce
  .number({ error: 'Not a ticket number' })
  .pipe(KeysetIdSchema);

/** `GET /api/staff/tickets/figures`: the Overview's ticket figures. */
export type TicketFigures = {
  weeks: { week: string; opened: number; closed: number }[];
  /** Median minutes from opening to the first message of staff, over tickets with a transcript. */
  medianFirstReplyMinutes: number | null;
  openByDesigner: { discordId: string; name: string | null; open: number }[];
};
