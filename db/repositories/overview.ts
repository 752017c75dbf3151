import { and, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OrderLogWeek, ReviewWeek } from '../../core/orders/overview';
import type { Executor } from '../client';
import { applications, orders, reviews } from '../schema';

// The Overview's figures. Every weekly query is a range on an indexed timestamp
// (applications_submitted_id_idx, orders_logged_idx, reviews_created_idx) over a few weeks, so
// its cost follows the rows of those weeks, never the size of the tables.

export type WeekRange = { from: string; until: string };

const utcDay = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

/** The UTC Monday of `column`, as the Overview's week keys are written. No parameters in it:
 * GROUP BY must see the very expression the SELECT has. */
const weekOf = (column: PgColumn | SQL) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

const within = (column: PgColumn, range: WeekRange) =>
  and(gte(column, utcDay(range.from)), lt(column, utcDay(range.until)));

// The order's first QC decision, found through order_events_order_idx (order id, time).
// Qualified by hand: drizzle writes bare column names inside a derived table's SELECT, and
// a bare "id" here would be the event's.
const firstQcDecision = sql<string | null>`(
  select e.type from order_events e
  where e.order_id = "orders"."id" and e.type in ('qc_approved', 'qc_changes_requested')
  order by e.created_at, e.id
  limit 1
)`;

export function createOverviewRepository(db: Executor) {
  /** Rows per status of a whole table (an index-only scan of its status index). */
  async function countByStatus(table: typeof applications | typeof orders) {
    const rows = await db
      .select({ status: table.status, count: sql<number>`count(*)::int` })
      .from(table)
      .groupBy(table.status);
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  }

  return {
    applicationsByStatus: () => countByStatus(applications),
    ordersByStatus: () => countByStatus(orders),

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
      const logged = db
        .select({
          loggedAt: orders.loggedAt,
          price: orders.priceRobux,
          share: orders.designerShareRobux,
          firstQc: firstQcDecision.as('first_qc'),
        })
        .from(orders)
        .where(
          and(
            isNotNull(orders.loggedAt),
            within(orders.loggedAt, range),
            designer ? eq(orders.designerDiscordId, designer) : undefined,
          ),
        )
        .as('logged');
      const week = weekOf(logged.loggedAt);
      const rows = await db
        .select({
          week,
          orders: sql<number>`count(*)::int`,
          volumeRobux: sql<number>`coalesce(sum(${logged.price}), 0)::bigint`,
          payoutsRobux: sql<number>`coalesce(sum(${logged.share}), 0)::bigint`,
          qcFirstPass: sql<number>`(count(*) filter (where ${logged.firstQc} = 'qc_approved'))::int`,
          qcChangesRequested: sql<number>`(count(*) filter (where ${logged.firstQc} = 'qc_changes_requested'))::int`,
        })
        .from(logged)
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
