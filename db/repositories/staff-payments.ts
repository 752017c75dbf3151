import { and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { AUTOMATIC_VERIFIER_IDS } from '../../core/orders/order';
import { priceForNet } from '../../core/orders/tax';
import { formatCardAmount } from '../../core/payments/card';
import {
  type CardCheckout,
  PAYMENT_FIGURES_DAYS,
  type PaymentCheck,
  type PaymentFigures,
  type PaymentListQuery,
  type PaymentMethod,
  type PaymentRow,
  type PaymentState,
} from '../../core/payments/staff-list';
import { personName } from '../../core/people/person';
import type { ListPage } from '../../core/shared/list-page';
import type { Executor } from '../client';
import { orderCardPayments, orderPayments, orders, people } from '../schema';
import {
  inDays,
  inWindow,
  type ListFacet,
  likePrefix,
  pageOfQuery,
  readListPage,
  toListPage,
} from './list-query';

// The dashboard's Payments list (core/payments/staff-list.ts) and the Overview's payment
// figures. The list is counted and paged like every other (list-query.ts, decision 052): each
// facet is one SQL expression on `orders` (the payment rows it needs read by subqueries), so
// the filter and its counts say the same and the counts are one statement on one table; only
// the page's rows are joined.

const STATE = sql<PaymentState>`(case when ${orders.status} = 'awaiting_payment' then 'awaiting' when ${orders.refundedAt} is not null then 'refunded' else 'paid' end)`;
/** STATE's values as conditions: `awaiting` is the status the orders' indexes lead with. */
const STATE_MATCH: Record<PaymentState, SQL> = {
  awaiting: sql`${orders.status} = 'awaiting_payment'`,
  paid: sql`(${orders.status} <> 'awaiting_payment' and ${orders.refundedAt} is null)`,
  refunded: sql`(${orders.status} <> 'awaiting_payment' and ${orders.refundedAt} is not null)`,
};
// One method per order (core/payments/staff-list.ts PAYMENT_METHODS): how it was paid once
// paid (a verifier's Verify records no `paid_with`: Robux, since a card payment always records
// 'card'); while unpaid, Robux, or Robux or card when the order has a card price.
// The card price is read per order by a scalar subquery, never an `exists`: the planner turns
// an `exists` into a hash of every card payment (200,000 at a million orders) to answer the
// few unpaid orders of a page's sample.
const UNPAID_METHOD = sql`coalesce((select 'robux_or_card' from ${orderCardPayments} where ${orderCardPayments.orderId} = ${orders.id}), 'robux')`;
const METHOD = sql<PaymentMethod>`(case when ${orders.paidWith} = 'card' then 'card' when ${orders.status} <> 'awaiting_payment' then 'robux' else ${UNPAID_METHOD} end)`;
const CHECK = sql<PaymentCheck>`coalesce((select case when ${orderPayments.escalatedAt} is not null then 'escalated' else ${orderPayments.lastCheckResult} end from ${orderPayments} where ${orderPayments.orderId} = ${orders.id}), 'not_checked')`;

/**
 * Each sort's value; `valued`, for a sort an order may lack the value of (unpaid, never
 * checked), says on `orders` that it has one: those without come last (readListPage).
 */
const SORTS: Record<PaymentListQuery['sort'], { by: SQL; valued?: SQL }> = {
  created: { by: sql`${orders.createdAt}` },
  amount: { by: sql`${orders.priceRobux}` },
  paid: { by: sql`${orders.paidAt}`, valued: sql`${orders.paidAt} is not null` },
  // The page's select joins order_payments: the checked orders are read along its
  // last_check_at index, the order's row found by its key.
  checked: {
    by: sql`${orderPayments.lastCheckAt}`,
    valued: sql`exists (select 1 from ${orderPayments} where ${orderPayments.orderId} = ${orders.id} and ${orderPayments.lastCheckAt} is not null)`,
  },
};

/** Verified by the Roblox check or Stripe's webhook (core/orders AUTOMATIC_VERIFIER_IDS). */
const VERIFIED_AUTOMATICALLY = inArray(orders.paymentVerifiedBy, [...AUTOMATIC_VERIFIER_IDS]);

/** Where an order's card checkout stands, from its card payment row. */
function cardCheckoutOf(card: typeof orderCardPayments.$inferSelect | null): CardCheckout | null {
  if (!card) return null;
  if (card.paidAt || card.sessionStatus === 'complete') return 'complete';
  if (card.sessionStatus === 'expired') return 'expired';
  return card.sessionStatus === 'open' ? 'open' : 'not_opened';
}

/** Most customers a name search matches (as people.idsNamedLike): a letter stays cheap. */
const NAMED_MAX = 50;

/**
 * `q` as a condition, as the Orders list searches (staff-orders.ts): the start of the order id,
 * of the Roblox name or of the customer's Discord username, display name or nickname (any
 * case), or the customer's Discord id. The names are matched in `people` first, as an array the statement
 * computes once (an InitPlan), so each part of the `or` is an index condition on `orders`; an
 * `exists` per order would make the planner read every order.
 */
function searchCondition(q: string): SQL {
  const prefix = likePrefix(q.toLowerCase());
  const named = sql`array(select ${people.discordId} from ${people}
    where lower(${people.username}) like ${prefix} or lower(${people.globalName}) like ${prefix}
      or lower(${people.nick}) like ${prefix}
    limit ${NAMED_MAX})`;
  return sql`(${orders.id} like ${prefix} or lower(${orders.customerRobloxUsername}) like ${prefix}
    or ${orders.customerDiscordId} = ${q} or ${orders.customerDiscordId} = any(${named}))`;
}

function listRequest(query: PaymentListQuery) {
  const facets: Record<string, ListFacet> = {
    status: {
      value: STATE,
      chosen: query.status,
      match: (chosen) => or(...chosen.map((value) => STATE_MATCH[value as PaymentState])),
    },
    method: { value: METHOD, chosen: query.method },
    check: { value: CHECK, chosen: query.check },
  };
  return {
    table: orders,
    where: [query.q ? searchCondition(query.q) : undefined, ...inDays(orders.createdAt, query)],
    facets,
  };
}

// The row's status and method, as STATE and METHOD say them in SQL.
function stateOf(order: typeof orders.$inferSelect): PaymentState {
  if (order.status === 'awaiting_payment') return 'awaiting';
  return order.refundedAt ? 'refunded' : 'paid';
}

function methodOf(
  order: typeof orders.$inferSelect,
  card: typeof orderCardPayments.$inferSelect | null,
): PaymentMethod {
  if (order.paidWith === 'card') return 'card';
  if (order.status !== 'awaiting_payment') return 'robux';
  return card ? 'robux_or_card' : 'robux';
}

export function createStaffPaymentsRepository(
  db: Executor,
  /** Tests lower the exact-count limit (list-counts.ts) to take the estimated path. */
  tuning: { exactLimit?: number } = {},
) {
  return {
    async list(query: PaymentListQuery): Promise<ListPage<PaymentRow>> {
      const sort = SORTS[query.sort];
      const read = await readListPage(
        db,
        {
          ...listRequest(query),
          ...tuning,
          ...pageOfQuery(query),
          sort: sort.by,
          sortValued: sort.valued,
          id: sql`${orders.id}`,
        },
        (window) =>
          inWindow(
            db
              .select()
              .from(orders)
              .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
              .leftJoin(orderCardPayments, eq(orderCardPayments.orderId, orders.id))
              .leftJoin(people, eq(people.discordId, orders.customerDiscordId))
              .$dynamic(),
            window,
          ),
      );
      return toListPage(
        read,
        read.rows.map(
          ({
            orders: order,
            order_payments: payment,
            order_card_payments: card,
            people: person,
          }) => ({
            orderId: order.id,
            status: stateOf(order),
            method: methodOf(order, card),
            customerDiscordId: order.customerDiscordId,
            customerName: person ? personName(person) : null,
            robloxUsername: order.customerRobloxUsername,
            amountRobux: payment?.passPrice ?? priceForNet(order.priceRobux),
            cardAmount: card
              ? {
                  minor: card.amount,
                  currency: card.currency,
                  label: formatCardAmount(card.amount, card.currency),
                }
              : null,
            cardCheckout: cardCheckoutOf(card),
            lastCheckAt: payment?.lastCheckAt?.toISOString() ?? null,
            check: payment?.escalatedAt
              ? 'escalated'
              : ((payment?.lastCheckResult as PaymentCheck | null) ?? 'not_checked'),
            escalationReason: payment?.escalationReason ?? null,
            paidAt: order.paidAt?.toISOString() ?? null,
            verifiedBy: order.paymentVerifiedBy,
            createdAt: order.createdAt.toISOString(),
          }),
        ),
        query.size,
      );
    },

    /** Orders paid in the last `days` days before `now`: how fast, and who verified them. */
    async figures(now: Date, days = PAYMENT_FIGURES_DAYS): Promise<PaymentFigures> {
      const since = new Date(now.getTime() - days * 24 * 60 * 60_000);
      const [row] = await db
        .select({
          paid: sql<number>`count(*)::int`,
          medianSeconds: sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from ${orders.paidAt} - ${orders.createdAt}))`,
          automatic: sql<number>`(count(*) filter (where ${VERIFIED_AUTOMATICALLY}))::int`,
        })
        .from(orders)
        .where(and(gte(orders.paidAt, since), lt(orders.paidAt, now)));
      const paid = Number(row?.paid ?? 0);
      const automatic = Number(row?.automatic ?? 0);
      const median = row?.medianSeconds;
      return {
        days,
        paid,
        medianMinutesToPaid:
          median === null || median === undefined ? null : Math.round(Number(median) / 60),
        automatic,
        byPerson: paid - automatic,
      };
    },
  };
}
