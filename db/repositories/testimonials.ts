import { and, desc, eq, not } from 'drizzle-orm';
import { TESTIMONIAL_FALLBACK_NAME, type TestimonialsResponse } from '../../core/orders';
import type { Executor } from '../client';
import { reviews } from '../schema';
import { bumpContentVersion } from './content-version';

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

/**
 * Call after a change to what the site's testimonials show (a published review stored, one
 * hidden or shown): the home page is rendered again (the page cache's content version, shared
 * by every process through the database).
 */
export function testimonialsChanged(db: Executor): Promise<void> {
  return bumpContentVersion(db, 'testimonials changed');
}
