import { and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { STRIPE_ACTOR_ID } from '../../core/orders/order';
import { describeOrderEvent, OrderEventSchema } from '../../core/orders/order-events';
import {
  isDiscordId,
  ORDER_LIST_MAX,
  type OrderCursor,
  type OrderDetail,
  type OrderListFilters,
  type OrderSort,
  type OrderSummary,
  type OrderTimelineEvent,
  type QcOutcome,
} from '../../core/orders/staff-list';
import { encodeCursor, type Page } from '../../core/shared/page';
import type { WorkScope } from '../../core/staff/work-scope';
import type { Executor } from '../client';
import { refundAmountLabel } from '../refunds';
import {
  orderEvents,
  orderRefunds,
  orders,
  payoutOrders,
  payouts,
  reviews,
  tickets,
} from '../schema';
import { QC_OUTCOME_SQL } from '../schema/orders';
import {
  type KeysetPageRequest,
  type KeysetTuning,
  keysetOrder,
  keysetPageCondition,
} from './keyset-page';
import { createPeopleRepository } from './people';
import { orderScopeCondition, ticketScopeCondition } from './work-scope';

// The dashboard's view of orders: one page at a time in any of the list's sorts, with keyset
// pagination on (sort value, id) so a deep page costs what the first does (the indexes are
// beside the table in db/schema/orders.ts).

/** Counting stops here: past it the list says "1,000+" instead of counting a million rows. */
const ORDER_COUNT_CAP = 1000;

type OrderListOptions = {
  filters: OrderListFilters;
  sort: OrderSort;
  dir: 'asc' | 'desc';
  limit: number;
  after?: OrderCursor;
  /** Whose orders the caller sees (core/staff/work-scope.ts), whatever the filters say. */
  scope: WorkScope;
};

/** The same rule as toOrderState's `qcPassed`, widened to four outcomes (indexed). */
const qcOutcome = sql<QcOutcome>`(${QC_OUTCOME_SQL})`;

// Each sort's value as the cursor carries it, and how it is compared back. created_at goes
// through JSON text so microseconds survive the round trip (a JS Date keeps milliseconds).
const SORT_VALUE: Record<OrderSort, SQL> = {
  created: sql`to_json(${orders.createdAt}) #>> '{}'`,
  price: sql`${orders.priceRobux}`,
  status: sql`${orders.status}::text`,
};
const SORT_COLUMN: Record<OrderSort, SQL> = {
  created: sql`${orders.createdAt}`,
  price: sql`${orders.priceRobux}`,
  status: sql`${orders.status}`,
};
function castCursorValue(sort: OrderSort, value: string | number): SQL {
  if (sort === 'created') return sql`${String(value)}::timestamptz`;
  if (sort === 'price') return sql`${Number(value)}::integer`;
  return sql`${String(value)}::order_status`;
}

const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

function filterConditions(filters: OrderListFilters, scope: WorkScope): SQL[] {
  const where: SQL[] = [];
  const inScope = orderScopeCondition(scope);
  if (inScope) where.push(inScope);
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.designer) where.push(eq(orders.designerDiscordId, filters.designer));
  if (filters.customer) {
    where.push(
      isDiscordId(filters.customer)
        ? eq(orders.customerDiscordId, filters.customer)
        : sql`lower(${orders.customerRobloxUsername}) = ${filters.customer.toLowerCase()}`,
    );
  }
  if (filters.qc) where.push(sql`${qcOutcome} = ${filters.qc}`);
  // Spelled as the partial indexes' predicates (db/schema/orders.ts), not `= ${paid}`: the
  // planner folds `(paid_at is not null) = false` into `paid_at is null`, which an index on
  // the expression no longer matches.
  if (filters.paid === true) where.push(isNotNull(orders.paidAt));
  if (filters.paid === false) where.push(isNull(orders.paidAt));
  if (filters.from) where.push(sql`${orders.createdAt} >= ${dayStart(filters.from)}`);
  if (filters.to) {
    where.push(sql`${orders.createdAt} < ${dayStart(filters.to)} + interval '1 day'`);
  }
  return where;
}

const summaryColumns = {
  id: orders.id,
  status: orders.status,
  priceRobux: orders.priceRobux,
  customerRobloxUsername: orders.customerRobloxUsername,
  customerDiscordId: orders.customerDiscordId,
  designerDiscordId: orders.designerDiscordId,
  qc: qcOutcome,
  qcAttempts: orders.qcAttempts,
  paidAt: orders.paidAt,
  deliveredAt: orders.deliveredAt,
  loggedAt: orders.loggedAt,
  designerShareRobux: orders.designerShareRobux,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export function createStaffOrdersRepository(
  db: Executor,
  /** See keyset-page.ts; the defaults unless a test takes each branch. */
  tuning: KeysetTuning = {},
) {
  async function countCapped(where: SQL[]): Promise<number> {
    const capped = db
      .select({ one: sql`1`.as('one') })
      .from(orders)
      .where(and(...where))
      .limit(ORDER_COUNT_CAP + 1)
      .as('capped');
    const [counted] = await db.select({ total: count() }).from(capped);
    return Number(counted?.total ?? 0);
  }

  const people = createPeopleRepository(db);
  return {
    async list(options: OrderListOptions): Promise<Page<OrderSummary>> {
      const { sort, dir, after } = options;
      const size = Math.min(Math.max(1, Math.trunc(options.limit)), ORDER_LIST_MAX);
      const where = filterConditions(options.filters, options.scope);
      const request: KeysetPageRequest = {
        table: orders,
        id: orders.id,
        sortValue: SORT_COLUMN[sort],
        filters: where,
        // A date range may hold a handful of orders: found through created_at's index first
        // (keyset-page.ts). The other filters have (filter, sort, id) indexes.
        narrow: Boolean(options.filters.from || options.filters.to),
        after: after && { value: castCursorValue(sort, after.v), id: after.id },
        descending: dir === 'desc',
        rows: size + 1,
        ...tuning,
      };
      // Counted on the first page only, and only up to the cap; alongside the page itself.
      const counting = after ? null : countCapped(where);
      // Handled here too, so a failing page query never leaves it rejected unobserved.
      counting?.catch(() => {});
      const rows = await db
        .select({ ...summaryColumns, sortValue: SORT_VALUE[sort] })
        .from(orders)
        .where(keysetPageCondition(request))
        .orderBy(...keysetOrder(request))
        .limit(request.rows);
      const page = rows.slice(0, size);
      const last = page.at(-1);
      const names = await people.nameOf(
        page.flatMap((row) => [row.designerDiscordId, row.customerDiscordId]),
      );
      const items = page.map(({ sortValue: _value, ...item }) => withNames(item, names));
      const result: Page<OrderSummary> = {
        items,
        nextCursor:
          rows.length > size && last
            ? encodeCursor({
                s: sort,
                d: dir,
                v: sort === 'price' ? Number(last.sortValue) : String(last.sortValue),
                id: last.id,
              })
            : null,
      };
      if (counting) {
        const total = await counting;
        result.total = Math.min(total, ORDER_COUNT_CAP);
        result.totalIsEstimate = total > ORDER_COUNT_CAP;
      }
      return result;
    },

    /** The order with its timeline, review, payout and ticket; null when unknown or out of scope. */
    async detail(id: string, scope: WorkScope): Promise<OrderDetail | null> {
      const [row] = await db
        .select({
          ...summaryColumns,
          ticketChannelId: orders.ticketChannelId,
          workFileUrl: orders.workFileUrl,
          qcChangesReason: orders.qcChangesReason,
          paidWith: orders.paidWith,
        })
        .from(orders)
        .where(and(eq(orders.id, id), orderScopeCondition(scope)));
      if (!row) return null;
      const [events, [review], [payout], [ticket], [refund]] = await Promise.all([
        db
          .select({
            id: orderEvents.id,
            orderId: orderEvents.orderId,
            type: orderEvents.type,
            actorDiscordId: orderEvents.actorDiscordId,
            data: orderEvents.data,
            createdAt: orderEvents.createdAt,
          })
          .from(orderEvents)
          .where(eq(orderEvents.orderId, id))
          .orderBy(orderEvents.createdAt, orderEvents.id),
        db
          .select({
            rating: reviews.rating,
            comment: reviews.comment,
            publish: reviews.publish,
            hidden: reviews.hidden,
          })
          .from(reviews)
          .where(eq(reviews.orderId, id)),
        db
          .select({
            id: payouts.id,
            paidAt: payouts.paidAt,
            paidByName: payouts.paidByName,
            shareRobux: payoutOrders.shareRobux,
          })
          .from(payoutOrders)
          .innerJoin(payouts, eq(payouts.id, payoutOrders.payoutId))
          .where(eq(payoutOrders.orderId, id)),
        // The ticket the order was made in, when the caller may open it too.
        db
          .select({ number: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.orderId, id), ticketScopeCondition(scope))),
        db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)),
      ]);
      const names = await people.nameOf([
        row.designerDiscordId,
        row.customerDiscordId,
        ...events.map((event) => event.actorDiscordId),
        ...(refund ? [refund.refundedBy] : []),
      ]);
      const { paidWith, ...order } = row;
      return {
        ...withNames(order, names),
        paidWith: paidWith === 'card' || paidWith === 'robux' ? paidWith : null,
        refund: refund
          ? {
              method: refund.method === 'card' ? 'card' : 'robux',
              amountLabel: refundAmountLabel(refund),
              reason: refund.reason,
              byName:
                refund.refundedBy === STRIPE_ACTOR_ID
                  ? 'Stripe'
                  : (names.get(refund.refundedBy) ?? null),
              status: refund.status === 'succeeded' ? 'succeeded' : 'pending',
              at: refund.refundedAt ?? refund.createdAt,
            }
          : null,
        events: events.map((event) => timelineEvent(event, names)),
        review: review ?? null,
        payout: payout ?? null,
        ticketNumber: ticket?.number ?? null,
      };
    },

    /**
     * Everyone who designs or designed an order, named: the designer filter's choices. The
     * distinct ids are found by skipping through the designer index (a loose index scan), so
     * a million orders cost one probe per designer, not a scan.
     */
    async designers(): Promise<{ discordId: string; name: string }[]> {
      const found = await db.select({ id: sql<string>`designers.id` }).from(sql`(
          with recursive designer(id) as (
            (select ${orders.designerDiscordId} from ${orders} order by 1 limit 1)
            union all
            select (
              select ${orders.designerDiscordId} from ${orders}
              where ${orders.designerDiscordId} > designer.id order by 1 limit 1
            ) from designer where designer.id is not null
          )
          select id from designer where id is not null
        ) as designers`);
      const ids = found.map((row) => row.id);
      const names = await people.nameOf(ids);
      return ids
        .map((discordId) => ({ discordId, name: names.get(discordId) ?? discordId }))
        .sort(
          (a, b) =>
            a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
            a.discordId.localeCompare(b.discordId),
        );
    },
  };
}

/** The designer's and the customer's names beside their ids (null: never seen, show the id). */
function withNames<T extends { designerDiscordId: string; customerDiscordId: string | null }>(
  row: T,
  names: Map<string, string>,
): T & { designerName: string | null; customerName: string | null } {
  return {
    ...row,
    designerName: names.get(row.designerDiscordId) ?? null,
    customerName: row.customerDiscordId ? (names.get(row.customerDiscordId) ?? null) : null,
  };
}

/**
 * An event row as the timeline shows it: its summary in words, from the same description the
 * bot uses; a row that no longer fits its type's schema (an older shape) falls back to its type.
 */
function timelineEvent(
  row: {
    id: number;
    orderId: string;
    type: string;
    actorDiscordId: string;
    data: unknown;
    createdAt: Date;
  },
  names: Map<string, string>,
): OrderTimelineEvent {
  const { orderId, ...event } = row;
  const parsed = OrderEventSchema.safeParse({
    orderId,
    type: row.type,
    actorDiscordId: row.actorDiscordId,
    at: row.createdAt,
    data: row.data,
  });
  return {
    ...event,
    actorName: names.get(row.actorDiscordId) ?? null,
    data: (row.data ?? {}) as Record<string, unknown>,
    summary: parsed.success ? describeOrderEvent(parsed.data) : row.type.replace(/_/g, ' '),
  };
}
