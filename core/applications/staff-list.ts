import { z } from 'zod';
import { CursorSchema, KeysetIdSchema, PageQuerySchema } from '../shared/page';
import { text } from '../shared/text';
import { ApplicationStatusSchema } from './record';
import { ApplicationTypeSchema } from './schema';

// The dashboard's application list (issue 12): its query parameters, shared by the server
// (GET /api/staff/applications, the CSV export) and the table in the browser.

/** Sortable columns: `submitted` (submitted_at), `username` (Roblox username), `status`. */
export const APPLICATION_SORTS = ['submitted', 'username', 'status'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

const SORT_ORDERS = ['asc', 'desc'] as const;

const APPLICATION_PAGE_DEFAULT = 25;
const APPLICATION_PAGE_MAX = 100;
/** Search terms shorter than this match too much to be worth a query. */
const SEARCH_MIN_LENGTH = 2;
const SEARCH_MAX_LENGTH = 100;

/** `YYYY-MM-DD`, a calendar day in UTC. */
const DaySchema = z
  .string()
  .refine((day) => isCalendarDay(day), { error: 'Must be a real date as YYYY-MM-DD' });

function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  // `2026-02-30` parses (as March 2nd) in some engines: it must come back as itself.
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

/**
 * The position after a page's last row: that row's sort value and id (ties broken by id, so
 * the order is total and no row is skipped or repeated between pages).
 */
export const ApplicationKeysetSchema = z.object({
  sort: z.enum(APPLICATION_SORTS),
  value: z.string().max(200),
  id: KeysetIdSchema,
});
export type ApplicationKeyset = z.output<typeof ApplicationKeysetSchema>;

/** The filters, sort and search; shared by the list and the CSV export. */
export const ApplicationFilterSchema = z
  .object({
    sort: z
      .enum(APPLICATION_SORTS, { error: `Sort must be one of ${APPLICATION_SORTS.join(', ')}` })
      .default('submitted'),
    order: z
      .enum(SORT_ORDERS, { error: `Order must be one of ${SORT_ORDERS.join(', ')}` })
      .default('desc'),
    type: ApplicationTypeSchema.optional(),
    status: ApplicationStatusSchema.optional(),
    /** Submitted on or after this day (UTC). */
    from: DaySchema.optional(),
    /** Submitted on or before this day (UTC). */
    to: DaySchema.optional(),
    /** A reference (DES-000012), or words to find in the usernames and the answers. */
    q: text('Search', {
      min: SEARCH_MIN_LENGTH,
      max: SEARCH_MAX_LENGTH,
      minMessage: `Search needs at least ${SEARCH_MIN_LENGTH} characters`,
    })
      .refine((text) => searchTsQuery(text) !== null, {
        error: 'Search needs letters or digits',
      })
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'The start date must not be after the end date',
    path: ['to'],
  });
export type ApplicationFilter = z.output<typeof ApplicationFilterSchema>;

export const ApplicationListQuerySchema = z
  .object({
    ...PageQuerySchema(CursorSchema(ApplicationKeysetSchema), {
      defaultLimit: APPLICATION_PAGE_DEFAULT,
      maxLimit: APPLICATION_PAGE_MAX,
    }).shape,
  })
  .and(ApplicationFilterSchema)
  .refine((query) => !query.cursor || query.cursor.sort === query.sort, {
    error: 'Cursor is not valid',
    path: ['cursor'],
  });

/** `POST /api/staff/applications/:id/decision`. */
export const ApplicationDecisionRequestSchema = z.object({
  decision: z.enum(['accept', 'reject'], { error: 'Decision must be accept or reject' }),
  note: text('The note', { max: 1000 })
    .optional()
    .transform((note) => note || undefined),
});
export type ApplicationDecisionRequest = z.output<typeof ApplicationDecisionRequestSchema>;

const MAX_SEARCH_WORDS = 8;

/**
 * The search's words as a Postgres tsquery for the `search` column: every word must occur,
 * each as a prefix (`nov` finds `nova`). Only letters and digits reach the query, so no
 * input is tsquery syntax. Null when nothing searchable is left.
 */
export function searchTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => `${word}:*`)
    .join(' & ');
}
