import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { STRIPE_ACTOR_ID } from '../../core/orders/order';
import { describeOrderEvent, OrderEventSchema } from '../../core/orders/order-events';
import {
  isDiscordId,
  type OrderDetail,
  type OrderListQuery,
  type OrderSort,
  type OrderSummary,
  type OrderTimelineEvent,
  type QcOutcome,
} from '../../core/orders/staff-list';
import { type ListPage, labelFacet } from '../../core/shared/list-page';
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
import { serviceLabels } from './facet-labels';
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
import { orderScopeCondition, ticketScopeCondition } from './work-scope';

// The dashboard's view of orders: one page of the list contract (core/shared/list-page.ts,
// decision 052) in any of the list's sorts, with the facets' counts; one order in full. The
// indexes are beside the table in db/schema/orders.ts.

/** The same rule as toOrderState's `qcPassed`, widened to four outcomes (indexed). */
const qcOutcome = sql<QcOutcome>`(${QC_OUTCOME_SQL})`;

const SORT_COLUMN: Record<OrderSort, SQL> = {
  created: sql`${orders.createdAt}`,
  updated: sql`${orders.updatedAt}`,
  price: sql`${orders.priceRobux}`,
  status: sql`${orders.status}`,
  id: sql`${orders.id}`,
  customer: sql`lower(${orders.customerRobloxUsername})`,
};

/** The service the order's ticket was opened for; `none` for an order made without one. */
const serviceOf = sql`coalesce((select ${sql.raw('t.service_key')} from ${tickets} as t where ${sql.raw('t.order_id')} = ${orders.id}), 'none')`;

/** The list's facets for `query` (core/orders/staff-list.ts ORDER_FACETS). */
function orderFacets(query: OrderListQuery): Record<string, ListFacet> {
  return {
    status: { value: sql`${orders.status}::text`, chosen: query.status },
    designer: { value: sql`${orders.designerDiscordId}`, chosen: query.designer },
    service: { value: serviceOf, chosen: query.service },
    qc: { value: qcOutcome, chosen: query.qc },
    // Spelled as the partial indexes' predicates (db/schema/orders.ts): the planner folds
    // `(paid_at is not null) = false` into `paid_at is null`, which an expression index misses.
    paid: {
      value: sql`case when ${orders.paidAt} is null then 'false' else 'true' end`,
      chosen: query.paid,
      match: (chosen) =>
        chosen.length === 2
          ? undefined
          : chosen[0] === 'true'
            ? isNotNull(orders.paidAt)
            : isNull(orders.paidAt),
    },
  };
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
  /** Tests lower the exact-count limit (list-query.ts) to take the estimated path. */
  tuning: { exactLimit?: number } = {},
) {
  const people = createPeopleRepository(db);

  /** `q` as a condition: see OrderListQuerySchema for what it finds. */
  async function searchCondition(q: string): Promise<SQL> {
    const prefix = likePrefix(q.toLowerCase());
    const named = await people.idsNamedLike(q);
    const ids = isDiscordId(q) ? [q, ...named] : named;
    return sql`(${orders.id} like ${prefix} or lower(${orders.customerRobloxUsername}) like ${prefix}${
      ids.length
        ? sql` or ${inArray(orders.designerDiscordId, ids)} or ${inArray(orders.customerDiscordId, ids)}`
        : sql``
    })`;
  }

  return {
    /** One page of the orders `scope` sees (core/staff/work-scope.ts), with the facets' counts. */
    async list(query: OrderListQuery, scope: WorkScope): Promise<ListPage<OrderSummary>> {
      const read = await readListPage(
        db,
        {
          table: orders,
          where: [
            orderScopeCondition(scope),
            query.q ? await searchCondition(query.q) : undefined,
            ...inDays(orders.createdAt, query),
          ],
          facets: orderFacets(query),
          keptFacet: { id: 'status', table: 'orders' },
          ...tuning,
          ...pageOfQuery(query),
          sort: SORT_COLUMN[query.sort],
          id: sql`${orders.id}`,
        },
        (window) => inWindow(db.select(summaryColumns).from(orders).$dynamic(), window),
      );
      const { counts, rows } = read;
      const designerIds = (counts.facets.designer ?? []).map((count) => count.value);
      const [names, services] = await Promise.all([
        people.nameOf([
          ...rows.flatMap((row) => [row.designerDiscordId, row.customerDiscordId]),
          ...designerIds,
        ]),
        serviceLabels(
          db,
          (counts.facets.service ?? []).map((count) => count.value),
        ),
      ]);
      return toListPage(
        read,
        rows.map((row) => withNames(row, names)),
        query.size,
        {
          ...counts.facets,
          designer: labelFacet(counts.facets.designer, (id) => names.get(id)),
          service: labelFacet(counts.facets.service, (key) =>
            key === 'none' ? 'No ticket' : services.get(key),
          ),
        },
      );
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
