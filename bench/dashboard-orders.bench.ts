import { sql } from 'drizzle-orm';
import { encodeCursor } from '../core/shared/page';
import { buildTestApp } from '../test/support/app';
import { signInAsStaff } from '../test/support/staff';
import { openBenchDatabase } from './bench-database';

// `npm run bench -- dashboard-orders`: 1,000,000 orders in Postgres (generate_series), then
// GET /api/staff/orders timed at the server (app.inject) for each single filter × sort, on
// the first page and on a deep page (a cursor half-way through). Prints p50/p95 per case;
// asserts nothing. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a Postgres server);
// BENCH_KEEP_DATABASE=<name> keeps the seeded database for the next run (bench-database.ts).
const ROWS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 15);
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('dashboard-orders: set BENCH_DATABASE_URL or TEST_DATABASE_URL (Postgres) to run');
  process.exit(0);
}
process.env.TEST_DATABASE_URL = url;

const database = await openBenchDatabase({
  table: 'orders',
  rows: ROWS,
  seed: async (db) => {
    // Triggers off while seeding (session_replication_role): a million NOTIFYs nobody hears.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`
        insert into orders (id, status, price_robux, customer_roblox_username, customer_discord_id,
          designer_discord_id, ticket_channel_id, paid_at, qc_attempts, qc_reviewed_by,
          qc_changes_reason, logged_at, designer_share_robux, created_at, updated_at)
        select 'b-' || g, (enum_range(null::order_status))[(1 + g % 8)::int], 100 + (g * 7919) % 10000,
          'Cust' || (g * 31) % 100000, (200000000000000000 + (g * 31) % 100000)::text,
          (100000000000000000 + g % 50)::text, (300000000000000000 + g)::text,
          case when g % 8 = 0 then null else ts end, case when g % 8 >= 2 then 1 else 0 end,
          case when g % 8 >= 3 then '100000000000000099' end, case when g % 8 = 4 then 'fix' end,
          case when g % 8 >= 6 then ts end,
          case when g % 8 >= 6 then (100 + (g * 7919) % 10000) * 9 / 10 end, ts, ts
        from (select g, timestamptz '2024-01-01' + g * interval '94 seconds'
                + (g % 1000) * interval '1 microsecond' as ts
              from generate_series(1::bigint, ${ROWS}) g) s`);
    });
    // openBenchDatabase vacuums and analyzes.
  },
});
try {
  const db = database.db;
  let started: number;
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
  const times = async (path: string) => {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      const response = await app.inject({ url: path, headers: { cookie } });
      ms.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) =>
      (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(1);
    return { p50: at(0.5), p95: at(0.95) };
  };
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
