import { z } from 'zod';
import { FacetParamSchema, ListQuerySchema } from '../shared/list-page';
import { text } from '../shared/text';
import { APPLICATION_STATUSES } from './record';
import { APPLICATION_TYPES } from './schema';

// The dashboard's application list (issue 12): its query parameters, shared by the server
// (GET /api/staff/applications, the CSV export) and the table in the browser.

/** Sortable columns: submitted, decided, the Roblox username, status, position (type). */
export const APPLICATION_SORTS = ['submitted', 'decided', 'username', 'status', 'type'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

const ApplicationSortSchema = z.enum(APPLICATION_SORTS, {
  error: `Sort must be one of ${APPLICATION_SORTS.join(', ')}`,
});

/** The applications list's facets: `status`, and `type` (the position applied for). */
export const APPLICATION_FACETS = ['status', 'type'] as const;

/**
 * `GET /api/staff/applications` and the CSV export (core/shared/list-page.ts): `q` is a
 * reference (DES-000012) or words found in the usernames and the answers (each a prefix);
 * dates are the submission's.
 */
export const ApplicationListQuerySchema = ListQuerySchema(ApplicationSortSchema, 'submitted')
  .extend({
    status: FacetParamSchema(
      z.enum(APPLICATION_STATUSES, {
        error: `Status must be one of ${APPLICATION_STATUSES.join(', ')}`,
      }),
    ).optional(),
    type: FacetParamSchema(
      z.enum(APPLICATION_TYPES, { error: `Type must be one of ${APPLICATION_TYPES.join(', ')}` }),
    ).optional(),
  })
  .refine((query) => !query.q || searchTsQuery(query.q) !== null, {
    error: 'Search needs letters or digits',
    path: ['q'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'The start date must not be after the end date',
    path: ['to'],
  });
export type ApplicationListQuery = z.output<typeof ApplicationListQuerySchema>;

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
