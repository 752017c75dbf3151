import { eq, sql } from 'drizzle-orm';
import { isConnectionError } from '../availability';
import type { Executor } from '../client';
import { systemState } from '../schema';

// One row in system_state: `<version>:<reason of the last bump>`, e.g. `42:blog post created`.
const KEY = 'content_version';
/**
 * NOTIFY'd by every bump, in its transaction (so heard once it commits): web processes read
 * the row again at once instead of at their next read (docs/decisions/049).
 */
export const CONTENT_CHANNEL = 'lunar_content';
/** How long a process may serve pages of a version another process has already replaced. */
const CONTENT_VERSION_MAX_AGE_MS = 1000;

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
  await db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
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
 * the cache instead of waiting behind the writes in progress. `invalidate()` (a bump heard on
 * CONTENT_CHANNEL) reads the row at once, and requests wait for that read: the change is
 * served as soon as it is known, the once-a-`maxAgeMs` read stays as the safety net for a
 * notification lost while the listening connection was down.
 *
 * While the database cannot be reached, the copy stays current: no one can change the content
 * while the database is away, and the pages stored for it are answered (a read that fails to
 * connect counts as one that found the copy current). Only a process that never read the row
 * fails.
 */
export function createContentVersionReader(db: Executor, maxAgeMs = CONTENT_VERSION_MAX_AGE_MS) {
  let version: number | undefined;
  /** When the read whose answer is kept started. */
  let readAt = Number.NEGATIVE_INFINITY;
  /** When the copy was last known current: readAt, or a later read that could not connect. */
  let currentAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | undefined;
  let fresh: Promise<number> | undefined;
  /** A read of the row; its answer is kept unless a read started later was kept already. */
  function readRow(): Promise<number> {
    const startedAt = Date.now();
    return readContentVersion(db).then(
      (read) => {
        if (startedAt >= readAt) {
          version = read;
          readAt = startedAt;
          currentAt = Math.max(currentAt, startedAt);
        }
        return version ?? read;
      },
      (error: unknown) => {
        if (version === undefined || !isConnectionError(error)) throw error;
        currentAt = Math.max(currentAt, startedAt);
        return version;
      },
    );
  }
  function read(): Promise<number> {
    reading ??= readRow().finally(() => {
      reading = undefined;
    });
    return reading;
  }
  function current(): Promise<number> | number {
    if (fresh) return fresh;
    const now = Date.now();
    const age = now - currentAt;
    const bumpedHere = now - lastLocalBump <= maxAgeMs;
    if (version !== undefined && age < maxAgeMs && !bumpedHere) return version;
    const next = read();
    if (version !== undefined && age < STALE_MS && !bumpedHere) {
      next.catch(() => {}); // the next request reads again
      return version;
    }
    return next;
  }
  /** Another process (or this one) committed a bump: read the row again now. */
  function invalidate(): void {
    // Not the read in flight: it may have started before the bump committed.
    const next = readRow().finally(() => {
      if (fresh === next) fresh = undefined;
    });
    next.catch(() => {
      currentAt = Number.NEGATIVE_INFINITY; // the next request reads again
    });
    fresh = next;
  }
  return Object.assign(current, { invalidate });
}
