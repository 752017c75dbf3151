import { sql } from 'drizzle-orm';
import { buildTestApp } from '../test/support/app';
import type { TestDatabase } from '../test/support/database';
import { signInAsStaff } from '../test/support/staff';
import {
  forEachOrdersDatabase,
  printTiming,
  printTimingHeader,
  timeListRequest,
  withSearches,
} from './support/list-timing';
import { insertBenchOrders, insertBenchPeople } from './support/orders-bench';

// `npm run bench -- dashboard-orders` (also part of `-- dashboard`): the orders list of the
// dashboard's table contract (decision 052) at scale, at the server (app.inject): one request
// answers the page, the total and every facet's counts. Per case the first request (cold: new
// search text, the pages it reads not yet cached by this process' queries) and then RUNS more
// (warm, p50 / p95). Postgres gets BENCH_DASHBOARD_ORDERS (1,000,000) orders, PGlite
// BENCH_DASHBOARD_ORDERS_PGLITE (200,000 by default: seeding a million rows into the embedded
// database takes about 5 minutes; BENCH_PGLITE_DIR keeps them in a data directory between runs).
// Postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_KEEP_DATABASE keeps its seed.
const ROWS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_DASHBOARD_ORDERS_PGLITE ?? 200_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 15);
const DRIVERS = (process.env.BENCH_DASHBOARD_DRIVERS ?? 'postgres,pglite').split(',');

const DESIGNER = (n: number) => String(100000000000000000n + BigInt(n));

/** Each case's query; `{q}` and `{name}` are replaced by search texts not asked before (cold). */
const CASES: [string, string][] = [
  ['unfiltered, page 1', ''],
  ['unfiltered, middle page', 'page={middle}'],
  ['unfiltered, last page', 'page=1000000'],
  ['two facets + search', `status=paid,in_qc,logged&designer=${DESIGNER(2)},${DESIGNER(3)}&q={q}`],
  ['two facets + search, by price', `status=paid,logged&qc=none,passed&q={q}&sort=price&order=asc`],
  ['search only', 'q={q}'],
  // The customers' Discord names (people, with a nickname for one in three).
  ['name search', 'q={name}'],
  ['two facets, no search', `status=paid,in_qc&designer=${DESIGNER(4)},${DESIGNER(5)}`],
  ['two facets, no search, last page', `status=paid&paid=true&page=1000000`],
];

async function run(driver: string, database: TestDatabase, rows: number) {
  const app = await buildTestApp(database);
  try {
    const lead = (await signInAsStaff(database.db, ['lead'])).cookie;
    const first = await app.inject({ url: '/api/staff/orders', headers: { cookie: lead } });
    const total = (first.json() as { total: number }).total;
    const middle = String(Math.max(1, Math.floor(total / 25 / 2)));
    printTimingHeader(driver, rows);
    const time = (cookie: string, template: string) =>
      timeListRequest(app, {
        cookie,
        url: () => `/api/staff/orders?${withSearches(template).replace('{middle}', middle)}`,
        facets: 5,
        runs: RUNS,
      });
    let worst = 0;
    for (const [name, template] of CASES) {
      const result = await time(lead, template);
      if (name.startsWith('two facets + search')) worst = Math.max(worst, result.p95);
      printTiming(name, result);
    }
    // A designer's own orders: the scope applies to rows, total and counts.
    const designer = await signInAsStaff(database.db, ['designer']);
    // A kept database still has the designer of the run before.
    await database.db.execute(sql`delete from staff_users where discord_id = ${DESIGNER(7)}`);
    await database.db.execute(
      sql`update staff_users set discord_id = ${DESIGNER(7)} where id = ${designer.member.id}`,
    );
    for (const [name, template] of [
      ['designer: own orders, page 1', ''],
      ['designer: facet + search', 'status=paid,logged&q={q}'],
    ] as const) {
      printTiming(name, await time(designer.cookie, template));
    }
    console.log(`worst p95 with two facets and a search: ${worst.toFixed(1)} ms (goal < 50 ms)`);
  } finally {
    await app.close();
  }
}

const seed = (rows: number) => async (db: TestDatabase['db']) => {
  await db.transaction(async (tx) => {
    await insertBenchOrders(tx, { rows, from: '2024-01-01', distinctTimes: true });
    await insertBenchPeople(tx);
  });
};

await forEachOrdersDatabase(
  'dashboard-orders',
  { drivers: DRIVERS, rows: ROWS, pgliteRows: PGLITE_ROWS, seed, filled: ['people'] },
  run,
);
