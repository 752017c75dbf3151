import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { ReviewListQuery, StaffReview } from '../../core/orders/staff-review';
import type { ListPage } from '../../core/shared/list-page';
import type { Executor } from '../client';
import { orders, reviews } from '../schema';
import {
  inDays,
  inWindow,
  type ListFacet,
  likePrefix,
  pageOfQuery,
  readListPage,
  toListPage,
} from './list-query';
import { createPeopleRepository } from './people';

const SORT_COLUMN: Record<ReviewListQuery['sort'], SQL> = {
  created: sql`${reviews.createdAt}`,
  rating: sql`${reviews.rating}`,
  order: sql`${reviews.orderId}`,
};

const visibilityOf = sql`case when ${reviews.hidden} then 'hidden' when ${reviews.publish} then 'shown' else 'private' end`;

/** `q` as a condition: see ReviewListQuerySchema. The customer's name is the order's. */
function searchCondition(q: string): SQL {
  const prefix = likePrefix(q.toLowerCase());
  const words = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`(${reviews.orderId} like ${prefix} or ${reviews.comment} ilike ${words}
    or ${reviews.orderId} in (select ${orders.id} from ${orders}
      where lower(${orders.customerRobloxUsername}) like ${prefix}))`;
}

function listRequest(query: ReviewListQuery) {
  const facets: Record<string, ListFacet> = {
    rating: { value: sql`${reviews.rating}::text`, chosen: query.rating },
    visibility: {
      value: visibilityOf,
      chosen: query.visibility,
      match: (chosen) => or(...chosen.map((value) => sql`${visibilityOf} = ${value}`)),
    },
  };
  return {
    table: reviews,
    where: [query.q ? searchCondition(query.q) : undefined, ...inDays(reviews.createdAt, query)],
    facets,
  };
}

/** Every review the customers left, for all staff (hiding them is an executive's route). */
export function createStaffReviewsRepository(db: Executor) {
  const people = createPeopleRepository(db);
  return {
    async list(query: ReviewListQuery): Promise<ListPage<StaffReview>> {
      const read = await readListPage(
        db,
        {
          ...listRequest(query),
          ...pageOfQuery(query),
          sort: SORT_COLUMN[query.sort],
          id: sql`${reviews.id}`,
        },
        (window) =>
          inWindow(
            db
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
              .$dynamic(),
            window,
          ),
      );
      const { rows } = read;
      const names = await people.nameOf(
        rows.flatMap((row) => [row.customerDiscordId, row.designerDiscordId]),
      );
      return toListPage(
        read,
        rows.map((row) => ({
          ...row,
          customerName: names.get(row.customerDiscordId) ?? null,
          designerName: names.get(row.designerDiscordId) ?? null,
        })),
        query.size,
      );
    },
  };
}
