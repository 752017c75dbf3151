import { sql } from 'drizzle-orm';
import { overviewWeeks } from '../core/orders/overview';
import { addDays } from '../core/shared/day';
import { createOverviewRepository } from '../db/repositories/overview';
import { buildTestApp } from '../test/support/app';
import { createTestDatabase } from '../test/support/database';
import { signInAsStaff } from '../test/support/staff';

// `npm run bench -- dashboard-overview`: 1,000,000 orders over ~3 years in Postgres, a QC
// decision event for each order that went through QC and a review for each logged one, then
// GET /api/staff/overview timed at the server (app.inject) for a lead (the studio's figures)
// and a designer (their own). Prints p50/p95; asserts nothing. Needs BENCH_DATABASE_URL or
// TEST_DATABASE_URL (a Postgres server).
const ROWS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 15);
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('dashboard-overview: set BENCH_DATABASE_URL or TEST_DATABASE_URL (Postgres) to run');
  process.exit(0);
}
process.env.TEST_DATABASE_URL = url;

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
      from (select g, timestamptz '2023-09-01' + g * interval '94 seconds' as ts
            from generate_series(1::bigint, ${ROWS}) g) s`);
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
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      const response = await app.inject({
        url: `/api/staff/overview?to=${TO}`,
        headers: { cookie },
      });
      ms.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) =>
      (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(1);
    return `p50 ${at(0.5).padStart(6)} ms p95 ${at(0.95).padStart(6)} ms`;
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
