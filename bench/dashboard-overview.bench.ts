import { sql } from 'drizzle-orm';
import { overviewWeeks } from '../core/orders/overview';
import { addDays } from '../core/shared/day';
import { createOverviewRepository } from '../db/repositories/overview';
import { buildTestApp } from '../test/support/app';
import { createTestDatabase } from '../test/support/database';
import { signInAsStaff } from '../test/support/staff';
import { insertBenchOrders, requireBenchPostgres, timeGet } from './support/orders-bench';

// `npm run bench -- dashboard-overview`: 1,000,000 orders over ~3 years in Postgres, a QC
// decision event for each order that went through QC and a review for each logged one, then
// GET /api/staff/overview timed at the server (app.inject) for a lead (the studio's figures)
// and a designer (their own). Prints p50/p95; asserts nothing. Needs BENCH_DATABASE_URL or
// TEST_DATABASE_URL (a Postgres server).
const ROWS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 15);
requireBenchPostgres('dashboard-overview');

// The last seeded week: the window of twelve weeks is full of rows.
const TO = '2026-09-01';
const DESIGNER = '100000000000000007';

const database = await createTestDatabase('postgres');
try {
  const db = database.db;
  let started = Date.now();
  // Triggers off while seeding (session_replication_role): NOTIFYs nobody hears. The status
  // counts' triggers fire always (migration 0014), so the Overview's counts stay right.
  await db.transaction(async (tx) => {
    await insertBenchOrders(tx, { rows: ROWS, from: '2023-09-01', distinctTimes: false });
    await tx.execute(sql`
      insert into order_events (order_id, type, actor_discord_id, data, created_at)
      select id, case when qc_changes_reason is null then 'qc_approved' else 'qc_changes_requested' end,
        '100000000000000099', jsonb_build_object('attempt', 1), created_at
      from orders where qc_reviewed_by is not null`);
    await tx.execute(sql`
      insert into reviews (order_id, customer_discord_id, rating, created_at)
      select id, customer_discord_id, 1 + (price_robux % 5), logged_at
      from orders where logged_at is not null`);
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`analyze orders, order_events, reviews`);
  });
  console.log(`seeded ${ROWS} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const app = await buildTestApp(database);
  const lead = await signInAsStaff(db, ['lead']);
  const designer = await signInAsStaff(db, ['designer']);
  await db.execute(
    sql`update staff_users set discord_id = ${DESIGNER} where id = ${designer.member.id}`,
  );
  const times = async (cookie: string) => {
    const { p50, p95 } = await timeGet(app, {
      url: `/api/staff/overview?to=${TO}`,
      cookie,
      runs: RUNS,
    });
    return `p50 ${p50.padStart(6)} ms p95 ${p95.padStart(6)} ms`;
  };
  const [window] = (await db.execute(
    sql`select count(*)::int as logged from orders where logged_at >= ${`${TO}T00:00:00Z`}::timestamptz - interval '12 weeks' and logged_at < ${`${TO}T00:00:00Z`}::timestamptz + interval '1 week'`,
  )) as unknown as { logged: number }[];
  console.log(`orders logged in the 12-week window: ${window?.logged}`);
  // Where a lead's answer spends its time: the counts by status (read from status_counts since
  // decision 030) against the weekly figures.
  const figures = createOverviewRepository(db);
  const weeks = overviewWeeks(TO);
  const range = { from: weeks[0] as string, until: addDays(weeks.at(-1) as string, 7) };
  const part = async (run: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await run();
      ms.push(performance.now() - started);
    }
    ms.sort((x, y) => x - y);
    return `p50 ${(ms[Math.floor(ms.length / 2)] ?? 0).toFixed(1).padStart(6)} ms`;
  };
  console.log(`  orders by status (all)  ${await part(() => figures.ordersByStatus())}`);
  console.log(`  order log by week       ${await part(() => figures.orderLogByWeek(range))}`);
  console.log(`  reviews by week         ${await part(() => figures.reviewsByWeek(range))}`);
  console.log(`overview, lead (studio)   ${await times(lead.cookie)}`);
  console.log(`overview, designer (own)  ${await times(designer.cookie)}`);
  await app.close();
} finally {
  await database.close();
}
