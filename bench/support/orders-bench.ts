import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';

// What the dashboard's million-order benches (dashboard-orders, dashboard-overview) share: the
// Postgres they need, the orders they seed and how they time one GET.

/** The benches' Postgres (BENCH_DATABASE_URL, else TEST_DATABASE_URL); without one, skip. */
export function requireBenchPostgres(bench: string): void {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log(`${bench}: set BENCH_DATABASE_URL or TEST_DATABASE_URL (Postgres) to run`);
    process.exit(0);
  }
  process.env.TEST_DATABASE_URL = url;
}

/**
 * `rows` orders, one every 94 seconds from `from`, through every status with the fields each
 * status has. Run it in a transaction: triggers are off for it (session_replication_role), so
 * there are no NOTIFYs nobody hears. `distinctTimes` shifts each by some microseconds, so
 * sorting by time does not lean on the id to break ties.
 */
export async function insertBenchOrders(
  tx: Executor,
  { rows, from, distinctTimes }: { rows: number; from: string; distinctTimes: boolean },
): Promise<void> {
  const shift = distinctTimes ? sql`+ (g % 1000) * interval '1 microsecond'` : sql``;
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
    from (select g, ${from}::timestamptz + g * interval '94 seconds' ${shift} as ts
          from generate_series(1::bigint, ${rows}) g) s`);
  // The triggers that keep status_counts were off for the insert: count afresh, as they would.
  await tx.execute(sql`delete from status_counts where table_name = 'orders'`);
  await tx.execute(sql`
    insert into status_counts (table_name, status, total)
    select 'orders', status::text, count(*) from orders group by 2`);
}

/** GETs `url` `runs` times at the server (app.inject); its p50 and p95 in ms. */
export async function timeGet(
  app: FastifyInstance,
  { url, cookie, runs }: { url: string; cookie: string; runs: number },
): Promise<{ p50: string; p95: string }> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await app.inject({ url, headers: { cookie } });
    ms.push(performance.now() - started);
    if (response.statusCode !== 200) {
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) =>
    (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(1);
  return { p50: at(0.5), p95: at(0.95) };
}
