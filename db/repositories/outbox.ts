import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { OUTBOX_STATUSES, type OutboxKind, type OutboxStatus } from '../../core/discord/outbox';
import type { Executor, Transaction } from '../client';
import { outbox } from '../schema';

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Queues a delivery to Discord. It takes the transaction that writes the row it announces
 * (the bare database does not type-check), so the row and its delivery are stored together
 * or not at all.
 */
export async function enqueueDelivery(
  tx: Transaction,
  kind: OutboxKind,
  refId: number,
): Promise<number> {
  const [row] = await tx.insert(outbox).values({ kind, refId }).returning({ id: outbox.id });
  if (!row) throw new Error(`outbox insert returned nothing for ${kind} ${refId}`);
  return row.id;
}

/**
 * Forgets the deliveries of rows that are being deleted (the retention job), in their
 * transaction: a pending one would only fail later with "no longer exists".
 */
export async function deleteDeliveriesOf(
  tx: Transaction,
  kind: OutboxKind,
  refIds: number[],
): Promise<number> {
  if (refIds.length === 0) return 0;
  const rows = await tx
    .delete(outbox)
    .where(and(eq(outbox.kind, kind), inArray(outbox.refId, refIds)))
    .returning({ id: outbox.id });
  return rows.length;
}

const afterMs = (ms: number) =>
  sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

export function createOutboxRepository(db: Executor) {
  return {
    /**
     * Leases up to `limit` due rows to this worker and counts the attempt. SKIP LOCKED lets
     * several workers claim at once without waiting on or sharing a row; the lease brings a
     * crashed worker's rows back once it expires, or sooner once `by` (the worker's id,
     * `worker_processes`) is found dead.
     */
    async claimDue({
      limit,
      leaseMs,
      by = null,
    }: {
      limit: number;
      leaseMs: number;
      by?: string | null;
    }): Promise<OutboxRow[]> {
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            lte(outbox.nextAttemptAt, sql`now()`),
            or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(outbox)
        .set({
          lockedUntil: afterMs(leaseMs),
          lockedBy: by,
          attempts: sql`${outbox.attempts} + 1`,
        })
        .where(inArray(outbox.id, due))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },

    async markDelivered(id: number, to: { channelId: string; messageId: string }): Promise<void> {
      await db
        .update(outbox)
        .set({
          status: 'delivered',
          discordChannelId: to.channelId,
          discordMessageId: to.messageId,
          deliveredAt: sql`now()`,
          lockedUntil: null,
        })
        .where(eq(outbox.id, id));
    },

    /**
     * Tries again after `delayMs`. `refund` gives the claimed attempt back: a rate limit or a
     * missing channel setting is not the message's fault and must not push it towards failed.
     * Only a pending row is touched, so a late worker never reopens a delivered one.
     */
    async markRetry(
      id: number,
      { error, delayMs, refund = false }: { error: string; delayMs: number; refund?: boolean },
    ): Promise<void> {
      await db
        .update(outbox)
        .set({
          nextAttemptAt: afterMs(delayMs),
          lockedUntil: null,
          lastError: error,
          ...(refund && { attempts: sql`greatest(${outbox.attempts} - 1, 0)` }),
        })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    },

    /** Gives up; the row stays (status failed, with the error) for the dashboard. */
    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'failed', lastError: error, lockedUntil: null })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    },

    /** Gives a claimed row back untouched (a worker stopping before it sent it). */
    async release(id: number): Promise<void> {
      await db
        .update(outbox)
        .set({ lockedUntil: null, attempts: sql`greatest(${outbox.attempts} - 1, 0)` })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    },

    async countByStatus(): Promise<Record<OutboxStatus, number>> {
      const rows = await db
        .select({ status: outbox.status, count: sql<number>`count(*)::int` })
        .from(outbox)
        .groupBy(outbox.status);
      const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0]));
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts as Record<OutboxStatus, number>;
    },

    async listFailed(limit = 100): Promise<OutboxRow[]> {
      return db
        .select()
        .from(outbox)
        .where(eq(outbox.status, 'failed'))
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit);
    },

    /** The oldest deliveries still waiting (pending), for the dashboard. */
    async listWaiting(limit = 20): Promise<OutboxRow[]> {
      return db
        .select()
        .from(outbox)
        .where(eq(outbox.status, 'pending'))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(limit);
    },

    /**
     * A failed delivery tried again now, with fresh attempts (a lead's retry button). Only a
     * failed row: null when the row is unknown or not failed.
     */
    async retryFailed(id: number): Promise<OutboxRow | null> {
      const [row] = await db
        .update(outbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
        .returning();
      return row ?? null;
    },

    async findByRef(kind: OutboxKind, refId: number): Promise<OutboxRow | null> {
      const [row] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, kind), eq(outbox.refId, refId)));
      return row ?? null;
    },
  };
}

export type OutboxBacklog = {
  kind: OutboxKind;
  pending: number;
  /** Seconds since the oldest pending row was queued; 0 when none is pending. */
  oldestPendingSeconds: number;
  failed: number;
};

/** Per kind: what waits to be sent, for how long, and what was given up on (the metrics). */
export async function readOutboxBacklog(db: Executor): Promise<OutboxBacklog[]> {
  const rows = await db
    .select({
      kind: outbox.kind,
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')::int`,
      oldestPendingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending')), 0)::float8`,
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
    })
    .from(outbox)
    // Delivered rows are most of the table and say nothing here (outbox_due_idx leads by status).
    .where(inArray(outbox.status, ['pending', 'failed']))
    .groupBy(outbox.kind);
  return rows.map((row) => ({
    ...row,
    pending: Number(row.pending),
    oldestPendingSeconds: Number(row.oldestPendingSeconds),
    failed: Number(row.failed),
  }));
}
