import { and, desc, eq, not } from 'drizzle-orm';
import { TESTIMONIAL_FALLBACK_NAME, type TestimonialsResponse } from '../../core/orders';
import type { Executor } from '../client';
import { reviews } from '../schema';

export function createTestimonialsRepository(db: Executor) {
  return {
    /**
     * The newest reviews the customer agreed to publish and no executive hid, as the site
     * shows them: rating, comment and the name they were signed with, never a Discord id.
     */
    async listTestimonials(limit: number): Promise<TestimonialsResponse['testimonials']> {
      const rows = await db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          comment: reviews.comment,
          name: reviews.authorName,
        })
        .from(reviews)
        .where(and(eq(reviews.publish, true), not(reviews.hidden)))
        .orderBy(desc(reviews.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, name: row.name ?? TESTIMONIAL_FALLBACK_NAME }));
    },

    /** The order a review belongs to, for the dashboard's hide and show by review id. */
    async findReviewOrderId(reviewId: number): Promise<string | null> {
      const [row] = await db
        .select({ orderId: reviews.orderId })
        .from(reviews)
        .where(eq(reviews.id, reviewId));
      return row?.orderId ?? null;
    },
  };
}

// In-process notice that the public testimonials changed (a published review stored, one hidden
// or shown), for caches that want to drop pages at once. The prerendered home page does not
// need it: its cache key is the page's data, which holds the testimonials and their ids, so a
// change made by another process (the bot) shows on the next request all the same.
const listeners = new Set<() => void>();
let version = 0;

/** Call after a change to what `listTestimonials` returns; bumps `testimonialsVersion`. */
export function testimonialsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Runs `listener` after each `testimonialsChanged()`; returns the unsubscribe. */
export function onTestimonialsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts this process's changes: part of a cache key that must move with the testimonials. */
export const testimonialsVersion = (): number => version;
