import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { systemState } from '../schema';

// One row in system_state: `<version>:<reason of the last bump>`, e.g. `42:blog post created`.
const KEY = 'content_version';
/** How long a process may serve pages of a version another process has already replaced. */
export const CONTENT_VERSION_MAX_AGE_MS = 1000;

// The last bump made by this process: readers here re-read the row instead of trusting their
// copy for a while, because the bump's transaction may commit after they read it.
let lastLocalBump = Number.NEGATIVE_INFINITY;

/**
 * Call, inside the transaction of the write, whenever a write changes what a public page
 * shows (blog posts, team and portfolio data, reviews or testimonials shown on the site): the
 * page cache (server/web/page-cache.ts) renders every page again. `reason` is kept in the row
 * for whoever wonders why pages were re-rendered.
 */
export async function bumpContentVersion(db: Executor, reason: string): Promise<void> {
  lastLocalBump = Date.now();
  await db
    .insert(systemState)
    .values({ key: KEY, value: `1:${reason}` })
    .onConflictDoUpdate({
      target: systemState.key,
      set: {
        value: sql`(split_part(${systemState.value}, ':', 1)::bigint + 1)::text || ':' || ${reason}`,
        updatedAt: sql`now()`,
      },
    });
  lastLocalBump = Date.now();
}

/** The current content version as stored (0 before the first bump). */
export async function readContentVersion(db: Executor): Promise<number> {
  const [row] = await db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, KEY));
  return row ? Number(row.value.split(':')[0]) : 0;
}

/**
 * How long a copy may still be used while its newer read waits its turn (the embedded
 * database runs one statement at a time: behind a burst of writes a read may take a while).
 */
const STALE_MS = 5000;

/**
 * The content version as this process should use it: read at most once per `maxAgeMs`, so
 * a bump by another process is seen within about that time without a query per request; a
 * bump by this process is seen at once (the row is read again for `maxAgeMs` after it).
 * While a newer read waits, a copy younger than STALE_MS is used: pages are answered from
 * the cache instead of waiting behind the writes in progress.
 */
export function createContentVersionReader(db: Executor, maxAgeMs = CONTENT_VERSION_MAX_AGE_MS) {
  let version = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | undefined;
  function read(): Promise<number> {
    const startedAt = Date.now();
    reading ??= readContentVersion(db)
      .then((read) => {
        version = read;
        readAt = startedAt;
        return read;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }
  return function current(): Promise<number> | number {
    const now = Date.now();
    const age = now - readAt;
    const bumpedHere = now - lastLocalBump <= maxAgeMs;
    if (age < maxAgeMs && !bumpedHere) return version;
    const next = read();
    if (age < STALE_MS && !bumpedHere) {
      next.catch(() => {}); // the next request reads again
      return version;
    }
    return next;
  };
}
