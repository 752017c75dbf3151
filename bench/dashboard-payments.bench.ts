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
import { insertBenchOrders, insertBenchPayments } from './support/orders-bench';

// `npm run bench -- dashboard-payments` (also part of `-- dashboard`): the Payments list on the
// dashboard's table contract (decision 052) at scale, as dashboard-orders times the Orders list:
// one request answers the page, the total and the three facets' counts; per case the first
// request (cold: a search text not asked before) and then RUNS more (warm, p50 / p95).
// The orders are dashboard-orders' (BENCH_DASHBOARD_ORDERS on Postgres, 1,000,000;
// BENCH_DASHBOARD_ORDERS_PGLITE on PGlite, 200,000) with their payment rows and customers
// (bench/support/orders-bench.ts insertBenchPayments). BENCH_KEEP_DATABASE and
// BENCH_PGLITE_DIR keep a seed between runs; name one apart from dashboard-orders' own.
const ROWS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_DASHBOARD_ORDERS_PGLITE ?? 200_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 15);
const DRIVERS = (process.env.BENCH_DASHBOARD_DRIVERS ?? 'postgres,pglite').split(',');

/** Each case's query; `{q}` and `{name}` are replaced by search texts not asked before (cold). */
const CASES: [string, string][] = [
  ['unfiltered, page 1', ''],
  // What the page opens on (web/src/dashboard/pages/payments.tsx).
  ['awaiting, page 1', 'status=awaiting'],
  ['unfiltered, last page', 'page=1000000'],
  ['two facets + search', 'status=awaiting,paid&check=not_yet,owned&q={q}'],
  ['two facets + name search', 'method=robux,card&check=not_checked,escalated&q={name}'],
  ['search only', 'q={q}'],
  ['two facets, no search', 'status=awaiting&method=robux_or_card'],
  // The sorts an order may lack the value of (decision 052's Payments addendum): page 1 either
  // way, the last page, and after the filter the page opens on.
  ['by last check, page 1', 'sort=checked'],
  ['by last check, oldest first', 'sort=checked&order=asc'],
  ['by last check, last page', 'sort=checked&page=1000000'],
  ['awaiting, by last check', 'status=awaiting&sort=checked'],
  ['by paid, page 1', 'sort=paid'],
  ['by paid, oldest first', 'sort=paid&order=asc'],
  ['by paid, last page', 'sort=paid&page=1000000'],
  ['awaiting, by paid', 'status=awaiting&sort=paid'],
];

async function run(driver: string, database: TestDatabase, rows: number) {
  const app = await buildTestApp(database);
  try {
    const verifier = (await signInAsStaff(database.db, ['payment_verifier'])).cookie;
    printTimingHeader(driver, rows);
    let worst = 0;
    for (const [name, template] of CASES) {
      const result = await timeListRequest(app, {
        cookie: verifier,
        url: () => `/api/staff/payments?${withSearches(template)}`,
        facets: 3,
        runs: RUNS,
      });
      if (name.startsWith('two facets +')) worst = Math.max(worst, result.p95);
      printTiming(name, result);
    }
    console.log(`worst p95 with two facets and a search: ${worst.toFixed(1)} ms (goal < 50 ms)`);
  } finally {
    await app.close();
  }
}

const seed = (rows: number) => async (db: TestDatabase['db']) => {
  await db.transaction(async (tx) => {
    await insertBenchOrders(tx, { rows, from: '2024-01-01', distinctTimes: true });
    await insertBenchPayments(tx);
  });
};
const FILLED = ['order_payments', 'order_card_payments', 'people'];

await forEachOrdersDatabase(
  'dashboard-payments',
  { drivers: DRIVERS, rows: ROWS, pgliteRows: PGLITE_ROWS, seed, filled: FILLED },
  run,
);
