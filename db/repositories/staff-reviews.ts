import { and, desc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { StaffReview } from '../../core/orders/staff-review';
import { CursorSchema, encodeCursor, KeysetIdSchema, type Page } from '../../core/shared/page';
import type { Executor } from '../client';
import { orders, reviews } from '../schema';
import { createPeopleRepository } from './people';

export const REVIEW_LIST_MAX = 100;

/** The list's position: the last review of the previous page (newest first). */
export const ReviewCursorSchema = CursorSchema(z.object({ id: KeysetIdSchema }));
type ReviewCursor = z.output<typeof ReviewCursorSchema>;

/** Every review the customers left, for all staff (hiding them is an executive's route). */
export function createStaffReviewsRepository(db: Executor) {
  const people = createPeopleRepository(db);
  return {
    async list({
      limit,
      after,
      rating,
    }: {
      limit: number;
      after?: ReviewCursor;
      rating?: number;
    }): Promise<Page<StaffReview>> {
      const size = Math.min(Math.max(1, Math.trunc(limit)), REVIEW_LIST_MAX);
      const rows = await db
        .select({
          id: reviews.id,
          orderId: reviews.orderId,
          customerDiscordId: reviews.customerDiscordId,
          customerRobloxUsername: orders.customerRobloxUsername,
          designerDiscordId: orders.designerDiscordId,
          rating: reviews.rating,
          comment: reviews.comment,
          publish: reviews.publish,
          hidden: reviews.hidden,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .innerJoin(orders, eq(orders.id, reviews.orderId))
        .where(
          and(
            rating ? eq(reviews.rating, rating) : undefined,
            after ? lt(reviews.id, after.id) : undefined,
          ),
        )
        .orderBy(desc(reviews.id))
        .limit(size + 1);
      const page = rows.slice(0, size);
      const last = page.at(-1);
      const names = await people.nameOf(
        page.flatMap((row) => [row.customerDiscordId, row.designerDiscordId]),
      );
      const items = page.map((row) => ({
        ...row,
        customerName: names.get(row.customerDiscordId) ?? null,
        designerName: names.get(row.designerDiscordId) ?? null,
      }));
      return {
        items,
        nextCursor: rows.length > size && last ? encodeCursor({ id: last.id }) : null,
      };
    },
  };
}
