import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
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
import { addDays } from '../../core/shared/day';
import type { FacetCount, ListPage } from '../../core/shared/list-page';
import type { Executor } from '../client';
import { orderCardPayments, orderPayments, orders, people } from '../schema';

// The dashboard's Payments list (core/payments/staff-list.ts) and the Overview's payment
// figures. Each facet is one SQL expression, so the filter and its counts say the same.

const STATE = sql<PaymentState>`(case when ${orders.status} = 'awaiting_payment' then 'awaiting' when ${orders.refundedAt} is not null then 'refunded' else 'paid' end)`;
// One method per order (core/payments/staff-list.ts PAYMENT_METHODS): how it was paid once
// paid (a verifier's Verify records no `paid_with`: Robux, since a card payment always records
// 'card'); while unpaid, Robux, or Robux or card when the order has a card price.
const METHOD = sql<PaymentMethod>`(case when ${orders.paidWith} = 'card' then 'card' when ${orders.status} <> 'awaiting_payment' then 'robux' when ${orderCardPayments.orderId} is not null then 'robux_or_card' else 'robux' end)`;
const CHECK = sql<PaymentCheck>`(case when ${orderPayments.escalatedAt} is not null then 'escalated' else coalesce(${orderPayments.lastCheckResult}, 'not_checked') end)`;

const FACETS = { status: STATE, method: METHOD, check: CHECK } as const;
type Facet = keyof typeof FACETS;

const SORTS: Record<PaymentListQuery['sort'], SQL> = {
  created: sql`${orders.createdAt}`,
  amount: sql`${orders.priceRobux}`,
  paid: sql`${orders.paidAt}`,
  checked: sql`${orderPayments.lastCheckAt}`,
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

const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;

function conditions(query: PaymentListQuery, leaveOut?: Facet): SQL[] {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const match = or(
      ilike(orders.id, pattern),
      ilike(orders.customerRobloxUsername, pattern),
      eq(orders.customerDiscordId, query.q),
      ilike(people.username, pattern),
      ilike(people.globalName, pattern),
    );
    if (match) where.push(match);
  }
  if (query.from) where.push(gte(orders.createdAt, dayStart(query.from)));
  if (query.to) where.push(lt(orders.createdAt, dayStart(addDays(query.to, 1))));
  for (const facet of Object.keys(FACETS) as Facet[]) {
    const values = query[facet];
    if (facet === leaveOut || !values?.length) continue;
    where.push(inArray(FACETS[facet], values));
  }
  return where;
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

export function createStaffPaymentsRepository(db: Executor) {
  const from = () =>
    db
      .select()
      .from(orders)
      .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
      .leftJoin(orderCardPayments, eq(orderCardPayments.orderId, orders.id))
      .leftJoin(people, eq(people.discordId, orders.customerDiscordId));

  async function facetCounts(query: PaymentListQuery, facet: Facet): Promise<FacetCount[]> {
    const value = FACETS[facet];
    const rows = await db
      .select({ value, count: sql<number>`count(*)::int` })
      .from(orders)
      .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
      .leftJoin(orderCardPayments, eq(orderCardPayments.orderId, orders.id))
      .leftJoin(people, eq(people.discordId, orders.customerDiscordId))
      .where(and(...conditions(query, facet)))
      .groupBy(value);
    return rows
      .map((row) => ({ value: String(row.value), count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }

  return {
    async list(query: PaymentListQuery): Promise<ListPage<PaymentRow>> {
      const where = and(...conditions(query));
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
        .leftJoin(orderCardPayments, eq(orderCardPayments.orderId, orders.id))
        .leftJoin(people, eq(people.discordId, orders.customerDiscordId))
        .where(where);
      const total = Number(counted?.n ?? 0);
      const lastPage = Math.max(1, Math.ceil(total / query.size));
      const page = Math.min(query.page, lastPage);
      const direction = query.order === 'asc' ? asc : desc;
      const sort = SORTS[query.sort];
      const [rows, status, method, check] = await Promise.all([
        from()
          .where(where)
          .orderBy(
            // Rows without the sorted value (unpaid, never checked) come last either way.
            sql`${sort} is null`,
            direction(sort),
            direction(orders.id),
          )
          .limit(query.size)
          .offset((page - 1) * query.size),
        facetCounts(query, 'status'),
        facetCounts(query, 'method'),
        facetCounts(query, 'check'),
      ]);
      return {
        rows: rows.map(
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
        total,
        page,
        pageSize: query.size,
        facets: { status, method, check },
      };
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
