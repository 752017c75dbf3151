import { z } from 'zod';
import { SnowflakeSchema } from '../orders/options';
import type { OrderStatus } from '../orders/order-status';
import { DaySchema } from '../shared/day';
import { CursorSchema, KeysetIdSchema, PageQuerySchema } from '../shared/page';
import { text } from '../shared/text';
import { TicketCloseReasonSchema, TicketServiceKeySchema } from './intake';
import type { TicketStaffAction } from './staff-actions';
import type { TicketStatus } from './ticket-status';
import { TicketStatusSchema } from './ticket-status';

// The dashboard's Tickets page (decision 047): `GET /api/staff/tickets`, its query shared by the
// route and the page, the rows it answers, and one ticket's detail.

const TICKET_LIST_DEFAULT = 50;
export const TICKET_LIST_MAX = 100;

/** Newest first, by ticket number (the sequence gives them in opening order). */
const TicketCursorSchema = CursorSchema(z.object({ id: KeysetIdSchema }));

export const TicketListQuerySchema = z
  .object({
    status: TicketStatusSchema.optional(),
    service: TicketServiceKeySchema.optional(),
    claimant: SnowflakeSchema.optional(),
    /** Opened on or after this day (UTC). */
    from: DaySchema.optional(),
    /** Opened on or before this day (UTC). */
    to: DaySchema.optional(),
    /** A ticket number or name, a Roblox username, a customer's Discord id, or words of the request. */
    q: text('Search', { max: 100 }).optional(),
    ...PageQuerySchema(TicketCursorSchema, {
      defaultLimit: TICKET_LIST_DEFAULT,
      maxLimit: TICKET_LIST_MAX,
    }).shape,
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
  claimantDiscordId: string | null;
  claimantName: string | null;
  orderStatus: OrderStatus | null;
  createdAt: Date | string;
  closedAt: Date | string | null;
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
