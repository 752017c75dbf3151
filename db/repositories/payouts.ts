import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type MarkPaidInput,
  type PayoutLine,
  type PayoutPeriod,
  type PayoutQuery,
  type PayoutRecord,
  periodEndOf,
} from '../../core/orders/payouts';
import { sharePercent } from '../../core/orders/share';
import type { Executor } from '../client';
import { orders, payoutOrders, payouts } from '../schema';
import { createPeopleRepository } from './people';

// What the studio owes designers: the shares /orderlog stored on each logged order
// (orders.designer_share_robux, computed once by core/orders/share.ts), summed per designer
// and period. Paying adds rows (payouts, payout_orders) and never edits an order.

const utcDay = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;
// The period inlined, not a parameter: GROUP BY must see the very expression the SELECT has.
// Only the two enum values ever reach sql.raw.
const periodStartSql = (period: PayoutPeriod) =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${period === 'month' ? 'month' : 'week'}'`)}, ${orders.loggedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

const qcPassed = sql<boolean>`(${orders.qcAttempts} > 0 and ${orders.qcReviewedBy} is not null and ${orders.qcChangesReason} is null)`;

// A refunded order (orders.refunded_at, issue 31) owes its designer nothing.
const logged = and(
  isNotNull(orders.loggedAt),
  isNotNull(orders.designerShareRobux),
  isNull(orders.refundedAt),
);

type MarkPaidResult =
  | { status: 'paid'; payout: PayoutRecord & { orders: number } }
  | { status: 'already_paid'; payouts: PayoutRecord[] }
  | { status: 'amount_changed'; unpaidRobux: number };

export type PayoutCsvRow = {
  periodStart: string;
  designerDiscordId: string;
  designerName: string | null;
  orderId: string;
  loggedAt: Date;
  priceRobux: number;
  qcPassed: boolean;
  sharePercent: number;
  shareRobux: number;
  payoutId: number | null;
  paidAt: Date | null;
};

export function createPayoutsRepository(db: Executor) {
  const people = createPeopleRepository(db);
  function inRange(query: { from: string; until: string; designer?: string }) {
    return and(
      logged,
      gte(orders.loggedAt, utcDay(query.from)),
      lt(orders.loggedAt, utcDay(query.until)),
      query.designer ? eq(orders.designerDiscordId, query.designer) : undefined,
    );
  }

  async function payoutsOf(where: ReturnType<typeof and>) {
    return db
      .select({
        id: payouts.id,
        designerDiscordId: payouts.designerDiscordId,
        periodStart: payouts.periodStart,
        amountRobux: payouts.amountRobux,
        paidAt: payouts.paidAt,
        paidByName: payouts.paidByName,
      })
      .from(payouts)
      .where(where)
      .orderBy(asc(payouts.paidAt), asc(payouts.id));
  }

  return {
    /** Newest period first, designers by id within one. */
    async list(query: PayoutQuery): Promise<PayoutLine[]> {
      const start = periodStartSql(query.period);
      const rows = await db
        .select({
          designerDiscordId: orders.designerDiscordId,
          periodStart: start,
          orders: sql<number>`count(*)::int`,
          owedRobux: sql<number>`sum(${orders.designerShareRobux})::int`,
          paidRobux: sql<number>`coalesce(sum(${payoutOrders.shareRobux}), 0)::int`,
        })
        .from(orders)
        .leftJoin(payoutOrders, eq(payoutOrders.orderId, orders.id))
        .where(inRange(query))
        .groupBy(orders.designerDiscordId, start)
        .orderBy(sql`2 desc`, asc(orders.designerDiscordId));
      if (rows.length === 0) return [];
      const designers = [...new Set(rows.map((row) => row.designerDiscordId))];
      const [names, paid] = await Promise.all([
        people.nameOf(designers),
        payoutsOf(
          and(
            eq(payouts.period, query.period),
            inArray(payouts.designerDiscordId, designers),
            gte(payouts.periodStart, query.from),
            lt(payouts.periodStart, query.until),
          ),
        ),
      ]);
      return rows.map((row) => ({
        ...row,
        designerName: names.get(row.designerDiscordId) ?? null,
        period: query.period,
        periodEnd: periodEndOf(query.period, row.periodStart),
        unpaidRobux: row.owedRobux - row.paidRobux,
        payouts: paid
          .filter(
            (payout) =>
              payout.designerDiscordId === row.designerDiscordId &&
              payout.periodStart === row.periodStart,
          )
          .map(({ designerDiscordId: _d, periodStart: _p, ...payout }) => payout),
      }));
    },

    /**
     * Pays the designer's logged orders of the period that no payout covers yet, as one
     * payout. A retry finds them covered and pays nothing: the orders' primary key in
     * payout_orders (and a per-designer lock taken first) make each order paid at most once.
     */
    async markPaid(
      input: MarkPaidInput,
      by: { staffId: number; name: string },
    ): Promise<MarkPaidResult> {
      const until = periodEndOf(input.period, input.periodStart);
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`payout:${input.designerDiscordId}`}))`,
        );
        const unpaid = await tx
          .select({ id: orders.id, share: orders.designerShareRobux })
          .from(orders)
          .where(
            and(
              eq(orders.designerDiscordId, input.designerDiscordId),
              logged,
              gte(orders.loggedAt, utcDay(input.periodStart)),
              lt(orders.loggedAt, utcDay(until)),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(payoutOrders)
                  .where(eq(payoutOrders.orderId, orders.id)),
              ),
            ),
          )
          .orderBy(asc(orders.id));
        if (unpaid.length === 0) {
          const existing = await tx
            .select({
              id: payouts.id,
              amountRobux: payouts.amountRobux,
              paidAt: payouts.paidAt,
              paidByName: payouts.paidByName,
            })
            .from(payouts)
            .where(
              and(
                eq(payouts.designerDiscordId, input.designerDiscordId),
                eq(payouts.period, input.period),
                eq(payouts.periodStart, input.periodStart),
              ),
            )
            .orderBy(asc(payouts.id));
          return { status: 'already_paid', payouts: existing };
        }
        const amount = unpaid.reduce((sum, order) => sum + (order.share ?? 0), 0);
        if (input.expectedAmountRobux !== undefined && input.expectedAmountRobux !== amount) {
          return { status: 'amount_changed', unpaidRobux: amount };
        }
        const [payout] = await tx
          .insert(payouts)
          .values({
            designerDiscordId: input.designerDiscordId,
            period: input.period,
            periodStart: input.periodStart,
            amountRobux: amount,
            paidByStaffId: by.staffId,
            paidByName: by.name,
          })
          .returning({
            id: payouts.id,
            amountRobux: payouts.amountRobux,
            paidAt: payouts.paidAt,
            paidByName: payouts.paidByName,
          });
        if (!payout) throw new Error('payout insert returned nothing');
        await tx.insert(payoutOrders).values(
          unpaid.map((order) => ({
            orderId: order.id,
            payoutId: payout.id,
            shareRobux: order.share ?? 0,
          })),
        );
        return { status: 'paid', payout: { ...payout, orders: unpaid.length } };
      });
    },

    /** One row per logged order of the range, in batches of `batch` (bounded memory). */
    async *csvRows(query: PayoutQuery, batch = 500): AsyncGenerator<PayoutCsvRow> {
      // The position as text so microseconds survive (a JS Date keeps milliseconds).
      let after: { loggedAt: string; id: string } | null = null;
      for (;;) {
        const position: SQL | undefined = after
          ? sql`(${orders.loggedAt}, ${orders.id}) > (${after.loggedAt}::timestamptz, ${after.id})`
          : undefined;
        const rows = await db
          .select({
            periodStart: periodStartSql(query.period),
            designerDiscordId: orders.designerDiscordId,
            orderId: orders.id,
            loggedAt: orders.loggedAt,
            priceRobux: orders.priceRobux,
            qcPassed,
            shareRobux: orders.designerShareRobux,
            payoutId: payoutOrders.payoutId,
            paidAt: payouts.paidAt,
            position: sql<string>`to_json(${orders.loggedAt}) #>> '{}'`,
          })
          .from(orders)
          .leftJoin(payoutOrders, eq(payoutOrders.orderId, orders.id))
          .leftJoin(payouts, eq(payouts.id, payoutOrders.payoutId))
          .where(and(inRange(query), position))
          .orderBy(asc(orders.loggedAt), asc(orders.id))
          .limit(batch);
        const names = await people.nameOf(rows.map((row) => row.designerDiscordId));
        for (const { position: _position, ...row } of rows) {
          yield {
            ...row,
            designerName: names.get(row.designerDiscordId) ?? null,
            loggedAt: row.loggedAt as Date,
            shareRobux: row.shareRobux ?? 0,
            sharePercent: sharePercent(row.qcPassed),
          };
        }
        const last = rows.at(-1);
        if (rows.length < batch || !last) return;
        after = { loggedAt: last.position, id: last.orderId };
      }
    },
  };
}
