import { and, eq, gt, lte, sql, type WithSubquery } from 'drizzle-orm';
import type { Executor } from '../client';
import { rateLimits } from '../schema';

export type RateLimitCount = { hits: number; resetAt: Date };

/**
 * What a counted hit does to a stored counter (`excluded` holds the hits being counted and a
 * fresh window's end): adds them, or starts a new window with them once the old one has passed.
 */
const countedHitsSet = {
  hits: sql`case when ${rateLimits.resetAt} <= now() then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
  resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
};

/**
 * The upsert that counts hits in fixed windows (a new window once the old one has passed), as
 * a CTE named `hit` (key, hits, reset_at): `counted` is a CTE of (key, n, window_ms), one row
 * per key, whose n hits count together. The upsert locks each counter row, so concurrent hits,
 * from any process, count one after another and each sees its own number; keys are locked in
 * their order, so two such statements wait for each other instead of deadlocking. A write
 * allowed only within the limit joins it in the same statement (contact-messages' batched
 * write): one round trip, one commit.
 */
export function countHitsOf(db: Executor, counted: WithSubquery) {
  const column = (name: string) => sql.identifier(name);
  return db
    .$with('hit', {
      key: sql<string>`key`.as('key'),
      hits: sql<number>`hits`.as('hits'),
      resetAt: sql<Date>`reset_at`.as('reset_at'),
    })
    .as(
      sql`insert into ${rateLimits} (${column(rateLimits.key.name)}, ${column(rateLimits.hits.name)}, ${column(rateLimits.resetAt.name)})
        select key, n, now() + window_ms * interval '1 millisecond' from ${counted} order by key
        on conflict (${column(rateLimits.key.name)}) do update set
          ${column(rateLimits.hits.name)} = ${countedHitsSet.hits},
          ${column(rateLimits.resetAt.name)} = ${countedHitsSet.resetAt}
        returning ${column(rateLimits.key.name)}, ${column(rateLimits.hits.name)}, ${column(rateLimits.resetAt.name)}`,
    );
}

/** Fixed-window counters in Postgres, shared by every web instance. */
export function createRateLimitRepository(db: Executor) {
  return {
    /** Counts one hit for `key` in a window of `windowMs`, starting a new window if expired. */
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const counted = db
        .$with('counted', { key: sql<string>`key`.as('key'), n: sql<number>`n`.as('n') })
        .as(sql`select ${key}::text as key, 1 as n, ${windowMs}::int as window_ms`);
      const hit = countHitsOf(db, counted);
      const [row] = await db
        .with(counted, hit)
        .select({
          hits: sql<number>`${hit}.hits`.mapWith(Number),
          // A raw column comes back as the driver gives it (postgres.js: a string): map it as
          // the column would be.
          resetAt: sql<Date>`${hit}.reset_at`.mapWith(rateLimits.resetAt),
        })
        .from(hit);
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
