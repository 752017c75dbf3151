import { and, eq, gt, lte, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rateLimits } from '../schema';

export type RateLimitCount = { hits: number; resetAt: Date };

/**
 * The upsert that counts one hit for `key` in a fixed window of `windowMs` (a new window once
 * the old one has passed), as a CTE named `hit` (hits, resetAt). A write allowed only within
 * the limit joins it in the same statement (see contact-messages' `createWithinLimit`): one
 * round trip, one commit. The upsert locks the counter row, so concurrent hits, from any
 * process, count one after another and each sees its own number.
 */
export function countHit(db: Executor, key: string | Placeholder, windowMs: number | Placeholder) {
  const freshReset = sql`now() + ${windowMs} * interval '1 millisecond'`;
  return db.$with('hit').as(
    db
      .insert(rateLimits)
      .values({ key, hits: 1, resetAt: freshReset })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${freshReset} else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt }),
  );
}

/** Fixed-window counters in Postgres, shared by every web instance. */
export function createRateLimitRepository(db: Executor) {
  return {
    /** Counts one hit for `key` in a window of `windowMs`, starting a new window if expired. */
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const hit = countHit(db, key, windowMs);
      const [row] = await db.with(hit).select().from(hit);
      if (!row) throw new Error(`rate limit upsert returned nothing for ${key}`);
      return row;
    },

    /** The live count for `key`, or zero when its window has passed. */
    async count(key: string): Promise<RateLimitCount | null> {
      const [row] = await db
        .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
      return row ?? null;
    },

    async clear(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    async deleteExpired(): Promise<void> {
      await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
