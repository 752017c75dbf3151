import { z } from 'zod';
import { FacetParamSchema, ListQuerySchema } from '../shared/list-page';

/** Sortable columns of the Reviews list: when, the rating, the order id. */
export const REVIEW_SORTS = ['created', 'rating', 'order'] as const;

/** Whether the site shows it: `shown` (published), `hidden` (by an executive), `private`. */
export const REVIEW_VISIBILITIES = ['shown', 'hidden', 'private'] as const;

/** The Reviews list's facets. */
export const REVIEW_FACETS = ['rating', 'visibility'] as const;

/**
 * `GET /api/staff/reviews` (core/shared/list-page.ts): `q` finds an order id or a customer's
 * Roblox name (their start, any case), or words of the comment; dates are the review's.
 */
export const ReviewListQuerySchema = ListQuerySchema(
  z.enum(REVIEW_SORTS, { error: `Sort must be one of ${REVIEW_SORTS.join(', ')}` }),
  'created',
)
  .extend({
    rating: FacetParamSchema(
      z.enum(['1', '2', '3', '4', '5'], { error: 'Rating must be 1 to 5' }),
    ).optional(),
    visibility: FacetParamSchema(
      z.enum(REVIEW_VISIBILITIES, {
        error: `Visibility must be one of ${REVIEW_VISIBILITIES.join(', ')}`,
      }),
    ).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'From must not be after to',
    path: ['from'],
  });
export type ReviewListQuery = z.output<typeof ReviewListQuerySchema>;

/** A customer's review as the dashboard's Reviews list shows it (all staff). */
export type StaffReview = {
  id: number;
  orderId: string;
  customerDiscordId: string;
  /** Their Discord name (the people table); null when never seen: show the id. */
  customerName: string | null;
  customerRobloxUsername: string;
  designerDiscordId: string;
  designerName: string | null;
  rating: number;
  comment: string;
  publish: boolean;
  hidden: boolean;
  createdAt: Date;
};
