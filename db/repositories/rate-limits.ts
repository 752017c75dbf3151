import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rateLimits } from '../schema';

type RateLimitCount = { hits: number; resetAt: Date };

/** Fixed-window counters in Postgres, shared by every web instance. */
export function createRateLimitRepository(db: Executor) {
  return {
    /**
     * Counts one hit for `key` in a window of `windowMs`, starting a new window once the old
     * one has passed. The upsert locks the counter's row, so concurrent hits, from any
     * process, count one after another and each sees its own number.
     */
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, resetAt: sql`now() + ${windowMs}::int * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
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
