import { mkdirSync } from 'node:fs';
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
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  // dataDir undefined: an in-memory database (tests).
  | { url?: undefined; dataDir?: string };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url !== undefined
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A studio site's data fits in a few MB; PGlite's default 128 MB buffer pool would triple
  // the process's resident memory for nothing.
  const options = { postgresqlconf: ['shared_buffers=16MB'] };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  const pglite = drizzlePglite(client, { schema });
  const db: Database = pglite;
  return {
    db,
    driver: 'pglite',
    migrate: (options) => migratePglite(pglite, { migrationsFolder, ...options }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    connect_timeout: 5,
    // Fail fast instead of queueing forever when the server is gone.
    idle_timeout: 30,
  });
  const db: Database = drizzlePostgres(client, { schema });
  return {
    db,
    driver: 'postgres',
    migrate: (options) => migrateWithLock(url, options?.migrationsFolder ?? migrationsFolder),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
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
