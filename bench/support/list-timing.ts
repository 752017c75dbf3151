import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../db/client';
import { rowsOf } from '../../db/repositories/list-counts';
import type { TestDatabase } from '../../test/support/database';
import { openBenchDatabase } from '../bench-database';
import { percentile } from './orders-bench';

// Timing one dashboard list request at the server (app.inject), for the dashboard benches
// (dashboard-orders, dashboard-payments): the first request is cold (a search text not asked
// before), then the same request once unmeasured and `runs` times measured (warm, p50 / p95).

let searches = 4200;
/** A customer's Roblox name start matching about 110 of a million orders (Cust4201, Cust42010…). */
export const nextSearch = () => `cust${searches++}`;
/** The same customers by their Discord username (buyer4201, buyer42010…: people). */
export const nextName = () => `buyer${searches++}`;

/** A query template's `{q}` and `{name}` replaced by search texts not asked before. */
export const withSearches = (template: string) =>
  template.replace('{q}', nextSearch).replace('{name}', nextName);

export type ListAnswer = {
  total: number;
  facets: Record<string, unknown[]>;
  totalIsEstimate?: boolean;
};
export type ListTiming = { cold: number; p50: number; p95: number; body: ListAnswer };

export async function timeListRequest(
  app: FastifyInstance,
  {
    cookie,
    url,
    facets,
    runs,
  }: { cookie: string; url: () => string; facets: number; runs: number },
): Promise<ListTiming> {
  const once = async (path: string) => {
    const started = performance.now();
    const response = await app.inject({ url: path, headers: { cookie } });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.body}`);
    const body = response.json() as ListAnswer;
    if (Object.keys(body.facets).length !== facets) throw new Error(`${path}: facets missing`);
    return { ms, body };
  };
  const cold = await once(url());
  const path = url();
  await once(path);
  const ms: number[] = [];
  for (let run = 0; run < runs; run++) ms.push((await once(path)).ms);
  ms.sort((a, b) => a - b);
  return { cold: cold.ms, p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), body: cold.body };
}

/** The table's heading, for `rows` of a list on `driver`. */
export function printTimingHeader(driver: string, rows: number) {
  console.log(`\n${driver}, ${rows.toLocaleString('en')} orders, ms at the server:`);
  console.log(
    `${'case'.padEnd(36)} ${'cold'.padStart(8)} ${'warm p50'.padStart(9)} ${'warm p95'.padStart(9)}  total`,
  );
}

/** One case's line: cold, warm p50 and p95, and the total it answered. */
export function printTiming(name: string, { cold, p50, p95, body }: ListTiming) {
  const total = `${body.total.toLocaleString('en')}${body.totalIsEstimate ? ' (estimate)' : ''}`;
  console.log(
    `${name.padEnd(36)} ${cold.toFixed(1).padStart(8)} ${p50.toFixed(1).padStart(9)} ${p95.toFixed(1).padStart(9)}  ${total}`,
  );
}

/**
 * Runs `run` on each of `drivers`' seeded orders: Postgres (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL; BENCH_KEEP_DATABASE keeps the seed) with `rows` orders, PGlite with
 * `pgliteRows`, in memory (migrated here: the tests' template copy needs vitest's setup) or,
 * with BENCH_PGLITE_DIR, in that data directory as in production, seeded once and kept.
 * `filled` names the other tables `seed` fills, analysed with the orders.
 */
export async function forEachOrdersDatabase(
  bench: string,
  {
    drivers,
    rows,
    pgliteRows,
    seed,
    filled,
  }: {
    drivers: string[];
    rows: number;
    pgliteRows: number;
    seed: (rows: number) => (db: TestDatabase['db']) => Promise<void>;
    filled: string[];
  },
  run: (driver: string, database: TestDatabase, rows: number) => Promise<void>,
) {
  if (drivers.includes('postgres')) {
    if (!(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)) {
      console.log(`${bench} on Postgres skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL`);
    } else {
      const database = await openBenchDatabase({
        table: 'orders',
        rows,
        seed: seed(rows),
        alsoFilled: filled,
      });
      try {
        await run('Postgres', database, rows);
      } finally {
        await database.close();
      }
    }
  }
  if (drivers.includes('pglite')) {
    const dataDir = process.env.BENCH_PGLITE_DIR;
    const database: TestDatabase = await openDatabase(dataDir ? { dataDir } : {});
    await database.migrate();
    try {
      const [seeded] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from orders`),
      );
      if (Number(seeded?.n ?? 0) < pgliteRows) {
        const started = performance.now();
        await seed(pgliteRows)(database.db);
        for (const table of ['orders', ...filled]) {
          await database.db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
        }
        console.log(
          `seeded ${pgliteRows.toLocaleString('en')} orders into PGlite in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      await run('PGlite', database, pgliteRows);
    } finally {
      await database.close();
    }
  }
}
