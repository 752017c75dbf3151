import { and, eq, gt, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OrderLogWeek, ReviewWeek } from '../../core/orders/overview';
import type { Executor } from '../client';
import { applications, orderEvents, orders, reviews, statusCounts } from '../schema';

// The Overview's figures. Every weekly query is a range on an indexed timestamp
// (applications_submitted_id_idx, orders_logged_idx, reviews_created_idx) over a few weeks, so
// its cost follows the rows of those weeks, never the size of the tables.

const QC_DECISIONS = ['qc_approved', 'qc_changes_requested'];

type WeekRange = { from: string; until: string };

const utcDay = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

/** The UTC Monday of `column`, as the Overview's week keys are written. No parameters in it:
 * GROUP BY must see the very expression the SELECT has. */
const weekOf = (column: PgColumn | SQL) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

const within = (column: PgColumn, range: WeekRange) =>
  and(gte(column, utcDay(range.from)), lt(column, utcDay(range.until)));

export function createOverviewRepository(db: Executor) {
  /**
   * Rows per status of a whole table, as the triggers of migration 0014 keep them in
   * status_counts (a few rows, whatever the table's size). Statuses without rows are left out.
   */
  async function countByStatus(table: 'applications' | 'orders') {
    const rows = await db
      .select({ status: statusCounts.status, total: statusCounts.total })
      .from(statusCounts)
      .where(and(eq(statusCounts.tableName, table), gt(statusCounts.total, 0)));
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.total)]));
  }

  return {
    applicationsByStatus: () => countByStatus('applications'),
    ordersByStatus: () => countByStatus('orders'),

    async applicationsByWeek(range: WeekRange): Promise<{ week: string; count: number }[]> {
      const week = weekOf(applications.submittedAt);
      const rows = await db
        .select({ week, count: sql<number>`count(*)::int` })
        .from(applications)
        .where(within(applications.submittedAt, range))
        .groupBy(week);
      return rows.map((row) => ({ week: row.week, count: Number(row.count) }));
    },

    /** Orders logged per week; `designer` narrows to one designer's orders. */
    async orderLogByWeek(range: WeekRange, designer?: string): Promise<OrderLogWeek[]> {
      // Each logged order's first QC decision: one probe of order_events_order_idx (order,
      // time) per order, in index order. Two decisions of one order never share a timestamp
      // (each is its own transaction after a submission), so no tie-breaker (and no sort).
      const firstQc = db
        .select({ type: orderEvents.type })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orders.id), inArray(orderEvents.type, QC_DECISIONS)))
        .orderBy(orderEvents.createdAt)
        .limit(1)
        .as('first_qc');
      const week = weekOf(orders.loggedAt);
      const rows = await db
        .select({
          week,
          orders: sql<number>`count(*)::int`,
          volumeRobux: sql<number>`coalesce(sum(${orders.priceRobux}), 0)::bigint`,
          payoutsRobux: sql<number>`coalesce(sum(${orders.designerShareRobux}), 0)::bigint`,
          qcFirstPass: sql<number>`(count(*) filter (where ${firstQc.type} = 'qc_approved'))::int`,
          qcChangesRequested: sql<number>`(count(*) filter (where ${firstQc.type} = 'qc_changes_requested'))::int`,
        })
        .from(orders)
        .leftJoinLateral(firstQc, sql`true`)
        .where(
          and(
            isNotNull(orders.loggedAt),
            within(orders.loggedAt, range),
            designer ? eq(orders.designerDiscordId, designer) : undefined,
          ),
        )
        .groupBy(week);
      return rows.map((row) => ({
        week: row.week,
        orders: Number(row.orders),
        volumeRobux: Number(row.volumeRobux),
        payoutsRobux: Number(row.payoutsRobux),
        qcFirstPass: Number(row.qcFirstPass),
        qcChangesRequested: Number(row.qcChangesRequested),
      }));
    },

    async reviewsByWeek(range: WeekRange): Promise<ReviewWeek[]> {
      const week = weekOf(reviews.createdAt);
      const rows = await db
        .select({
          week,
          reviews: sql<number>`count(*)::int`,
          ratingSum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
        })
        .from(reviews)
        .where(within(reviews.createdAt, range))
        .groupBy(week);
      return rows.map((row) => ({
        week: row.week,
        reviews: Number(row.reviews),
        ratingSum: Number(row.ratingSum),
      }));
    },
  };
}
