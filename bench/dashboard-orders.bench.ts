import { sql } from 'drizzle-orm';
import { encodeCursor } from '../core/shared/page';
import { buildTestApp } from '../test/support/app';
import { signInAsStaff } from '../test/support/staff';
import { openBenchDatabase } from './bench-database';
import { insertBenchOrders, requireBenchPostgres, timeGet } from './support/orders-bench';

// `npm run bench -- dashboard-orders`: 1,000,000 orders in Postgres (generate_series), then
// GET /api/staff/orders timed at the server (app.inject) for each single filter × sort, on
// the first page and on a deep page (a cursor half-way through). Prints p50/p95 per case;
// asserts nothing. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a Postgres server);
// BENCH_KEEP_DATABASE=<name> keeps the seeded database for the next run (bench-database.ts).
const ROWS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 15);
requireBenchPostgres('dashboard-orders');

const database = await openBenchDatabase({
  table: 'orders',
  rows: ROWS,
  seed: async (db) => {
    await db.transaction((tx) =>
      insertBenchOrders(tx, { rows: ROWS, from: '2024-01-01', distinctTimes: true }),
    );
    // openBenchDatabase vacuums and analyzes.
  },
});
try {
  const db = database.db;
  const app = await buildTestApp(database);
  const { cookie } = await signInAsStaff(db, ['lead']);
  const FILTERS: Record<string, string> = {
    none: '',
    status: 'status=paid',
    designer: 'designer=100000000000000007',
    customer: 'customer=cust4242',
    qc: 'qc=changes_requested',
    paid: 'paid=false',
    dates: 'from=2025-03-01&to=2025-03-07',
  };
  const SORT_VALUE = {
    created: sql`to_json(created_at) #>> '{}'`,
    price: sql`price_robux`,
    status: sql`status::text`,
  };
  const rows: string[] = [];
  const times = (url: string) => timeGet(app, { url, cookie, runs: RUNS });
  for (const [filter, query] of Object.entries(FILTERS)) {
    for (const sort of ['created', 'price', 'status'] as const) {
      const base = `/api/staff/orders?sort=${sort}&order=desc&limit=50${query ? `&${query}` : ''}`;
      const first = await times(base);
      // A cursor half-way down the whole table, as if someone paged that far.
      const [middle] = (await db.execute(
        sql`select ${SORT_VALUE[sort]} as v, id from orders order by ${sql.raw(sort === 'created' ? 'created_at' : sort === 'price' ? 'price_robux' : 'status')} desc, id desc offset ${Math.floor(ROWS / 2)} limit 1`,
      )) as unknown as { v: string | number; id: string }[];
      const cursor = encodeCursor({
        s: sort,
        d: 'desc',
        v: sort === 'price' ? Number(middle?.v) : String(middle?.v),
        id: middle?.id,
      });
      const deep = await times(`${base}&cursor=${cursor}`);
      rows.push(
        `${filter.padEnd(9)} ${sort.padEnd(8)} first p50 ${first.p50.padStart(6)} ms p95 ${first.p95.padStart(6)} ms | deep p50 ${deep.p50.padStart(6)} ms p95 ${deep.p95.padStart(6)} ms`,
      );
      console.log(rows.at(-1));
    }
  }
  await app.close();
} finally {
  await database.close();
}
