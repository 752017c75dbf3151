import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { orderPayments, orders, robloxInventoryReads } from '../schema';

export type OrderPaymentRow = typeof orderPayments.$inferSelect;

/** What an automatic check found, as the dashboard and the metrics name it. */
export type CheckResult =
  | 'owned'
  | 'not_yet'
  | 'private_inventory'
  | 'roblox_error'
  | 'key_refused'
  | 'rate_limited';

/** One customer's open passes, checked with one inventory read. */
export interface CustomerCheck {
  robloxUserId: string;
  /** Someone pressed "I've paid": the read may use the budget kept for presses. */
  pressed: boolean;
  payments: OrderPaymentRow[];
}

const ms = (at: Date, offset: number) => new Date(at.getTime() + offset);

export function createPaymentsRepository(db: Executor) {
  return {
    /**
     * In /createpayment's transaction: the order's payment as the command left it. A new
     * price or customer account makes the pass due for re-pricing; the checks start once the
     * pass exists.
     */
    async savePayment(
      tx: Transaction,
      input: { orderId: string; robloxUserId: string | null; passPrice: number; at: Date },
    ): Promise<void> {
      await tx
        .insert(orderPayments)
        .values({
          orderId: input.orderId,
          robloxUserId: input.robloxUserId,
          passPrice: input.passPrice,
          passSyncAt: input.at,
          createdAt: input.at,
        })
        .onConflictDoUpdate({
          target: orderPayments.orderId,
          set: {
            robloxUserId: sql`coalesce(excluded.roblox_user_id, ${orderPayments.robloxUserId})`,
            passPrice: input.passPrice,
            passSyncAt: sql`case when ${orderPayments.passPricedAt} is distinct from excluded.pass_price or ${orderPayments.gamePassId} is null then excluded.pass_sync_at else ${orderPayments.passSyncAt} end`,
          },
        });
    },

    async findPayment(orderId: string): Promise<OrderPaymentRow | null> {
      const [row] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
      return row ?? null;
    },

    /** The ticket's payment embed, to edit when the pass is ready and when the order is paid. */
    async recordEmbed(orderId: string, channelId: string, messageId: string): Promise<void> {
      await db
        .update(orderPayments)
        .set({ embedChannelId: channelId, embedMessageId: messageId })
        .where(eq(orderPayments.orderId, orderId));
    },

    /** Orders whose pass needs making, re-pricing or taking off sale now. */
    async listPassSyncDue(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ orderId: orderPayments.orderId })
        .from(orderPayments)
        .where(
          and(
            lte(orderPayments.passSyncAt, now),
            or(isNull(orderPayments.passLeaseUntil), lt(orderPayments.passLeaseUntil, now)),
          ),
        )
        .orderBy(asc(orderPayments.passSyncAt))
        .limit(limit);
      return rows.map((row) => row.orderId);
    },

    /**
     * Leases the order's pass to this process while it talks to Roblox: two /createpayment at
     * once, or the command and the job, never both create a pass. Null when someone holds it.
     */
    async claimPassSync(orderId: string, now: Date, leaseMs: number) {
      const [row] = await db
        .update(orderPayments)
        .set({ passLeaseUntil: ms(now, leaseMs) })
        .where(
          and(
            eq(orderPayments.orderId, orderId),
            or(isNull(orderPayments.passLeaseUntil), lt(orderPayments.passLeaseUntil, now)),
          ),
        )
        .returning();
      if (!row) return null;
      const [order] = await db
        .select({ status: orders.status, robloxUsername: orders.customerRobloxUsername })
        .from(orders)
        .where(eq(orders.id, orderId));
      return order ? { payment: row, order } : null;
    },

    /** What Roblox now has; the sync is done unless the price changed meanwhile. */
    async recordPassSynced(
      orderId: string,
      pass: { gamePassId: string; pricedAt: number; onSale: boolean; robloxUserId: string | null },
      now: Date,
    ): Promise<OrderPaymentRow | null> {
      const [row] = await db
        .update(orderPayments)
        .set({
          gamePassId: pass.gamePassId,
          passPricedAt: pass.pricedAt,
          passOnSale: pass.onSale,
          robloxUserId: sql`coalesce(${orderPayments.robloxUserId}, ${pass.robloxUserId})`,
          passSyncAt: sql`case when ${orderPayments.passPrice} = ${pass.pricedAt} then null else ${orderPayments.passSyncAt} end`,
          passSyncFailures: 0,
          passLeaseUntil: null,
          // The first look comes once the customer can buy; a press or the schedule follow.
          nextCheckAt: sql`case when ${pass.onSale}::boolean and ${orderPayments.nextCheckAt} is null and ${orderPayments.escalatedAt} is null then ${ms(now, 30_000).toISOString()}::timestamptz else ${orderPayments.nextCheckAt} end`,
        })
        .where(eq(orderPayments.orderId, orderId))
        .returning();
      return row ?? null;
    },

    async recordPassSyncFailed(orderId: string, retryAt: Date): Promise<number> {
      const [row] = await db
        .update(orderPayments)
        .set({
          passSyncAt: retryAt,
          passSyncFailures: sql`${orderPayments.passSyncFailures} + 1`,
          passLeaseUntil: null,
        })
        .where(eq(orderPayments.orderId, orderId))
        .returning({ failures: orderPayments.passSyncFailures });
      return row?.failures ?? 0;
    },

    /** Nothing more to do on Roblox for this pass (the verifier took over). */
    async stopPassSync(orderId: string): Promise<void> {
      await db
        .update(orderPayments)
        .set({ passSyncAt: null, passLeaseUntil: null })
        .where(eq(orderPayments.orderId, orderId));
    },

    /**
     * "I've paid": the order's next check is now, unless one was asked for in the last
     * `intervalMs` (then false: 50 presses at once make one check). Reopens a check that was
     * handed to a verifier (the customer made their inventory visible, say).
     */
    async requestCheck(orderId: string, now: Date, intervalMs: number): Promise<boolean> {
      const rows = await db
        .update(orderPayments)
        .set({ pressed: true, pressedAt: now, nextCheckAt: now })
        .where(
          and(
            eq(orderPayments.orderId, orderId),
            isNotNull(orderPayments.gamePassId),
            or(isNull(orderPayments.pressedAt), lte(orderPayments.pressedAt, ms(now, -intervalMs))),
            sql`exists (select 1 from ${orders} where ${orders.id} = ${orderPayments.orderId} and ${orders.status} = 'awaiting_payment')`,
          ),
        )
        .returning({ orderId: orderPayments.orderId });
      return rows.length > 0;
    },

    /**
     * Leases the due checks of up to `limit` customers, pressed ones first, each with all of
     * the customer's open passes (one inventory read covers them). SKIP LOCKED and the lease
     * let any number of processes run checks without checking one customer twice.
     */
    async claimDueChecks(now: Date, limit: number, leaseMs: number): Promise<CustomerCheck[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ robloxUserId: orderPayments.robloxUserId })
          .from(orderPayments)
          .where(
            and(
              lte(orderPayments.nextCheckAt, now),
              isNotNull(orderPayments.robloxUserId),
              isNotNull(orderPayments.gamePassId),
              or(isNull(orderPayments.checkLeaseUntil), lt(orderPayments.checkLeaseUntil, now)),
            ),
          )
          .orderBy(desc(orderPayments.pressed), asc(orderPayments.nextCheckAt))
          .limit(limit * 4)
          .for('update', { skipLocked: true });
        const users = [...new Set(due.map((row) => row.robloxUserId as string))].slice(0, limit);
        if (users.length === 0) return [];
        const rows = await tx
          .update(orderPayments)
          .set({ checkLeaseUntil: ms(now, leaseMs) })
          .where(
            and(
              inArray(orderPayments.robloxUserId, users),
              isNotNull(orderPayments.gamePassId),
              isNotNull(orderPayments.nextCheckAt),
              or(isNull(orderPayments.checkLeaseUntil), lt(orderPayments.checkLeaseUntil, now)),
            ),
          )
          .returning();
        const byUser = new Map<string, OrderPaymentRow[]>();
        for (const row of rows) {
          const list = byUser.get(row.robloxUserId as string) ?? [];
          list.push(row);
          byUser.set(row.robloxUserId as string, list);
        }
        return users.flatMap((robloxUserId) => {
          const payments = byUser.get(robloxUserId) ?? [];
          if (payments.length === 0) return [];
          return [{ robloxUserId, pressed: payments.some((p) => p.pressed), payments }];
        });
      });
    },

    /**
     * Takes one inventory read from the budget every process shares: true while fewer than
     * `limit` reads were made in the minute before `now`. Taking turns on an advisory lock makes
     * the count and the insert one step across processes.
     */
    async takeInventoryRead(now: Date, { pressed, limit }: { pressed: boolean; limit: number }) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('lunar:roblox_inventory_reads'))`,
        );
        const since = ms(now, -60_000);
        await tx
          .delete(robloxInventoryReads)
          .where(lte(robloxInventoryReads.at, ms(now, -120_000)));
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(robloxInventoryReads)
          .where(gt(robloxInventoryReads.at, since));
        if ((count?.n ?? 0) >= limit) return false;
        await tx.insert(robloxInventoryReads).values({ at: now, pressed });
        return true;
      });
    },

    /** Every read in the minute before `now` (the benchmark checks the budget with it). */
    async inventoryReadsSince(since: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: robloxInventoryReads.at })
        .from(robloxInventoryReads)
        .where(gt(robloxInventoryReads.at, since))
        .orderBy(asc(robloxInventoryReads.at));
      return rows.map((row) => row.at);
    },

    /** A check ran: its result, and when to look next (null: no more automatic looks). */
    async recordCheck(
      orderIds: string[],
      check: { result: CheckResult; at: Date; nextCheckAt: Date | null; failed: boolean },
    ): Promise<void> {
      if (orderIds.length === 0) return;
      await db
        .update(orderPayments)
        .set({
          lastCheckAt: check.at,
          lastCheckResult: check.result,
          nextCheckAt: check.nextCheckAt,
          pressed: false,
          checkLeaseUntil: null,
          checkFailures: check.failed ? sql`${orderPayments.checkFailures} + 1` : 0,
        })
        .where(inArray(orderPayments.orderId, orderIds));
    },

    /** Gives leased checks back for later without counting a look (no budget left). */
    async postponeChecks(orderIds: string[], until: Date): Promise<void> {
      if (orderIds.length === 0) return;
      await db
        .update(orderPayments)
        .set({ nextCheckAt: until, checkLeaseUntil: null })
        .where(inArray(orderPayments.orderId, orderIds));
    },

    /**
     * The order is paid (by the check or a person): no more checks, and the pass goes off sale.
     * In the transaction that paid it when given one.
     */
    async recordPaid(orderId: string, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(orderPayments)
        .set({
          nextCheckAt: null,
          pressed: false,
          checkLeaseUntil: null,
          passSyncAt: sql`case when ${orderPayments.gamePassId} is not null and ${orderPayments.passOnSale} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(eq(orderPayments.orderId, orderId));
    },

    /** How the order was paid (orders.paid_with), in the transaction that paid it. */
    async recordPaidWith(tx: Executor, orderId: string, method: 'robux' | 'card'): Promise<void> {
      await tx
        .update(orders)
        .set({ paidWith: method })
        .where(and(eq(orders.id, orderId), isNull(orders.paidWith)));
    },

    /**
     * Hands the order to a payment verifier, with the reason; true only the first time (one
     * ping per order), and the automatic checks stop until "I've paid" asks again.
     */
    async escalate(
      orderId: string,
      reason: string,
      now: Date,
      also: (tx: Transaction) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(orderPayments)
          .set({
            escalatedAt: now,
            escalationReason: reason,
            nextCheckAt: null,
            checkLeaseUntil: null,
          })
          .where(and(eq(orderPayments.orderId, orderId), isNull(orderPayments.escalatedAt)))
          .returning({ orderId: orderPayments.orderId });
        if (rows.length === 0) return false;
        await also(tx);
        return true;
      });
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
