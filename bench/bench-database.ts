import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { type Database, openDatabase } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../test/support/database';

// The Postgres database a dashboard bench seeds its million rows into. By default a fresh one,
// dropped at the end. With BENCH_KEEP_DATABASE=<name> the database of that name is kept: the
// first run creates and seeds it, later runs migrate it (so a new migration is also timed on a
// full table) and skip the seeding when `table` already holds the rows asked for.
// After seeding, VACUUM ANALYZE: the steady state autovacuum keeps a table in (statistics and
// the visibility map, which index-only scans need), reached now rather than some minutes later.

export async function openBenchDatabase({
  table,
  rows,
  seed,
  alsoFilled = [],
}: {
  /** The table the bench fills; its row count tells whether a kept database is seeded. */
  table: 'applications' | 'orders';
  rows: number;
  /** Other tables the seed fills, vacuumed with `table`. */
  alsoFilled?: string[];
  seed: (db: Database) => Promise<void>;
}): Promise<TestDatabase> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a Postgres server');
  process.env.TEST_DATABASE_URL = url;
  const kept = process.env.BENCH_KEEP_DATABASE;
  if (!kept) {
    const database = await createTestDatabase('postgres');
    await timed(`seeded ${rows.toLocaleString('en')} ${table}`, async () => {
      await seed(database.db);
      await vacuum(database.url ?? url, [table, ...alsoFilled]);
    });
    return database;
  }
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(kept)) {
    throw new Error('BENCH_KEEP_DATABASE must be a lowercase Postgres name (a-z, 0-9, _)');
  }
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${kept}`;
    if (!exists) await admin.unsafe(`create database ${kept}`);
  } finally {
    await admin.end();
  }
  const keptUrl = new URL(url);
  keptUrl.pathname = `/${kept}`;
  const handle = await openDatabase({ url: keptUrl.href, poolSize: 4 });
  await timed(`migrated ${kept}`, () => handle.migrate());
  const [counted] = (await handle.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  )) as unknown as { n: number }[];
  const present = Number(counted?.n ?? 0);
  if (present === 0) {
    await timed(`seeded ${rows.toLocaleString('en')} ${table} into ${kept} (kept)`, async () => {
      await seed(handle.db);
      await vacuum(keptUrl.href, [table, ...alsoFilled]);
    });
  } else if (present !== rows) {
    await handle.close();
    throw new Error(
      `${kept} holds ${present} ${table}, not ${rows}: drop it or name another BENCH_KEEP_DATABASE`,
    );
  } else {
    console.log(`reusing ${kept}: ${present.toLocaleString('en')} ${table} already seeded`);
  }
  return { ...handle, url: keptUrl.href };
}

/** VACUUM runs outside a transaction, past the app's statement timeout: a client of its own. */
async function vacuum(url: string, tables: string[]) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    for (const table of tables) await client.unsafe(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
}

async function timed(what: string, work: () => Promise<void>) {
  const started = performance.now();
  await work();
  console.log(`${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
