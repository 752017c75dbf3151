import { copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { type Availability, type AvailabilityLog, createAvailability } from './availability';
import { pgliteExtensions } from './pglite-extensions';
import { takingTurns } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database of either driver (PGlite or postgres.js). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of either driver: what `db.transaction(async (tx) => …)` hands over. */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What a repository runs its queries on: the database, or a transaction it joins. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent); tests may point at a copy of some of them. */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  /**
   * Resolves when the database answers a trivial query; fails at once (like every query)
   * while Postgres is known to be unreachable.
   */
  ping(): Promise<void>;
  /**
   * LISTEN on `channel`: `onPayload` gets each NOTIFY's payload (db/changes.ts); resolves,
   * once listening, to the function that stops.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** How the pool is used, for the metrics; null on the embedded database (no pool). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
};

export type PoolStats = {
  /** Connections the pool may open. */
  size: number;
  /** Queries and transactions started and not yet settled (above `size`, some are waiting). */
  busy: number;
  /** Queries and transactions that failed since the process started, whatever the cause. */
  errors: number;
};

export type DatabaseOptions =
  // log: where losing and regaining the database is reported (once per outage).
  | { url: string; poolSize?: number; log?: AvailabilityLog }
  // dataDir undefined: an in-memory database (tests). template: the data directory of an
  // empty migrated database (`npm run build`) that a new dataDir starts as a copy of.
  | { url?: undefined; dataDir?: string; template?: string };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url !== undefined
    ? openPostgres(options.url, options.poolSize, options.log)
    : openPglite(options.dataDir, options.template);
}

async function openPglite(
  dataDir: string | undefined,
  template: string | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (dataDir && template) copyTemplate(template, dataDir);
  // In the process itself (docs/decisions/045-embedded-database.md). A studio site's data
  // fits in a few MB; PGlite's default 128 MB buffer pool would triple the process's resident
  // memory for nothing.
  const client = await PGlite.create(dataDir, {
    extensions: pgliteExtensions,
    // Custom plans always: after a few runs of one statement, a cached generic plan ignores
    // the parameters, and a search (`like $1`) sorted by date walked the date index through
    // a million orders: 200 ms a page instead of 11 (decision 052, its last addendum).
    postgresqlconf: ['shared_buffers=16MB', 'plan_cache_mode=force_custom_plan'],
  });
  const pglite = drizzlePglite(takingTurns(client), { schema });
  const db: Database = pglite;
  return {
    db,
    driver: 'pglite',
    migrate: (options) => migratePglite(pglite, { migrationsFolder, ...options }),
    // Not in turn with the callers: the ping waits only for the statement PGlite is running.
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    poolStats: () => null,
    close: () => client.close(),
  };
}

/**
 * A new data directory becomes a copy of the template: initdb would cost seconds and hundreds
 * of MB of WebAssembly memory that is never given back; a copy costs neither (PGlite's own
 * loadDataDir unpacks inside WebAssembly and keeps ~100 MB). PG_VERSION, which tells PGlite a
 * database exists, is copied last, so an interrupted copy is simply made again.
 */
export function copyTemplate(template: string, dataDir: string): void {
  const marker = join(dataDir, 'PG_VERSION');
  if (existsSync(marker)) return;
  const skipped = new Set(['PG_VERSION', 'postmaster.pid'].map((name) => join(template, name)));
  cpSync(template, dataDir, { recursive: true, filter: (source) => !skipped.has(source) });
  copyFileSync(join(template, 'PG_VERSION'), marker);
}

async function openPostgres(
  url: string,
  poolSize: number | undefined,
  log: AvailabilityLog | undefined,
): Promise<DatabaseHandle> {
  const client = postgres(url, {
    max: poolSize ?? 10,
    onnotice: () => {},
    // Seconds to open a connection; a server that does not answer in that time is down.
    connect_timeout: 2,
    // The upstream reconnect delay, capped at 1 s instead of 20 s: while the database is down,
    // availability.ts keeps requests off the pool, so the delay would only slow the recovery.
    backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1),
    // Connections idle for 30 s are closed, so the pool shrinks back after a burst. (It does
    // not make anything fail faster: connect_timeout and statement_timeout do.) max_lifetime
    // keeps its default, 30-60 min, spread so that connections are not all replaced at once.
    idle_timeout: 30,
    // Server side, per session: a query that runs this long is stuck; fail it and free the
    // connection. Migrations use their own client (below) without it.
    // JIT off: compiling a plan costs 30-100 ms, more than the app's short queries save by it,
    // and the planner's default threshold is crossed by any estimate over a big table
    // (decision 052: the dashboard's counts went from 120 ms to 38 ms).
    connection: { statement_timeout: 15_000, jit: 'off' },
  });
  const availability = createAvailability({
    probe: async () => {
      await withTimeout(client`select 1`, 3_000);
    },
    log,
  });
  const size = poolSize ?? 10;
  const stats: PoolStats = { size, busy: 0, errors: 0 };
  const db: Database = drizzlePostgres(failFast(client, availability, stats), { schema });
  return {
    db,
    driver: 'postgres',
    migrate: (options) => migrateWithLock(url, options?.migrationsFolder ?? migrationsFolder),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // postgres.js listens on a connection of its own and listens again after reconnecting.
    listen: async (channel, onPayload) => {
      const { unlisten } = await client.listen(channel, onPayload);
      return unlisten;
    },
    poolStats: () => ({ ...stats }),
    close: async () => {
      availability.close();
      await client.end({ timeout: 5 });
    },
  };
}

// Drizzle sends every query through unsafe() and every transaction through begin(). While the
// database is known to be down they fail at once instead of waiting for a connection, and
// their failures tell the availability monitor when it goes down. Both are counted in `stats`
// from the call until they settle (postgres.js keeps no public pool figures).
function failFast(
  client: postgres.Sql,
  availability: Availability,
  stats: PoolStats,
): postgres.Sql {
  const started = () => {
    stats.busy++;
  };
  const settled = () => {
    stats.busy--;
  };
  const failed = (error: unknown) => {
    stats.errors++;
    availability.reportFailure(error);
  };
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'unsafe') {
        return (...args: Parameters<postgres.Sql['unsafe']>) => {
          availability.assertAvailable(); // drizzle calls this inside an async function
          const query = target.unsafe(...args);
          // Promise's own then() watches the query without starting it, as postgres.js's
          // then() would (drizzle has yet to choose the result format).
          started();
          Promise.prototype.then.call(query, settled, (error: unknown) => {
            settled();
            failed(error);
          });
          return query;
        };
      }
      if (key === 'begin') {
        return (...args: Parameters<postgres.Sql['begin']>) => {
          try {
            availability.assertAvailable();
          } catch (error) {
            return Promise.reject(error);
          }
          const transaction = target.begin(...args);
          started();
          transaction.then(settled, (error: unknown) => {
            settled();
            failed(error);
          });
          return transaction;
        };
      }
      return value;
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Several processes may start at once against one server: an advisory lock held by a
// single-connection client makes them apply the migrations one after the other.
async function migrateWithLock(url: string, folder: string): Promise<void> {
  const single = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await single`select pg_advisory_lock(7405)`;
    await migratePostgres(drizzlePostgres(single), { migrationsFolder: folder });
    await single`select pg_advisory_unlock(7405)`;
  } finally {
    await single.end();
  }
}
