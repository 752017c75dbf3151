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
  return { p50: percentile(ms, 0.5).toFixed(1), p95: percentile(ms, 0.95).toFixed(1) };
}

/** The `q` quantile (0–1) of times sorted ascending; 0 when there are none. */
export const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * What the Payments list reads beside the orders of insertBenchOrders (`b-<g>`): a Robux
 * payment row for three orders in four (checked, some handed to a verifier), a card price for
 * one in five (paid by card when paid), a refund for one paid order in fifty, and the
 * customers as people (insertBenchPeople). Run it in a transaction, like insertBenchOrders.
 */
export async function insertBenchPayments(tx: Executor): Promise<void> {
  await tx.execute(sql`set local session_replication_role = replica`);
  await tx.execute(sql`set local statement_timeout = 0`);
  await tx.execute(sql`
    insert into order_payments (order_id, pass_price, game_pass_id, last_check_at,
      last_check_result, escalated_at, escalation_reason, created_at)
    select o.id, ceil(o.price_robux / 0.7)::int, (900000 + g)::text,
      case when g % 6 <> 0 then o.created_at + interval '5 minutes' end,
      case when g % 6 <> 0
        then (array['not_yet','owned','private_inventory','roblox_error','key_refused','rate_limited'])[1 + (g / 6) % 6]
      end,
      case when g % 97 = 0 then o.created_at + interval '10 minutes' end,
      case when g % 97 = 0 then 'inventory private' end, o.created_at
    from (select id, price_robux, created_at, substr(id, 3)::bigint as g from orders
          where id like 'b-%') o
    where g % 4 <> 3`);
  await tx.execute(sql`
    insert into order_card_payments (order_id, amount, currency, session_status, paid_at, created_at)
    select o.id, o.price_robux, 'usd',
      (array['open','expired','complete'])[1 + (g / 5) % 3],
      case when o.paid_at is not null then o.paid_at end, o.created_at
    from (select id, price_robux, created_at, paid_at, substr(id, 3)::bigint as g from orders
          where id like 'b-%') o
    where g % 5 = 0`);
  // Only the orders that change: paid_with left null reads as Robux (a verifier's Verify).
  await tx.execute(sql`
    update orders set
      paid_with = case when substr(id, 3)::bigint % 5 = 0 then 'card' end,
      refunded_at = case when substr(id, 3)::bigint % 50 = 1 then paid_at + interval '1 day' end
    where id like 'b-%' and paid_at is not null
      and (substr(id, 3)::bigint % 5 = 0 or substr(id, 3)::bigint % 50 = 1)`);
  await insertBenchPeople(tx);
}

/**
 * The customers of insertBenchOrders' orders as people: `buyer<k>`, "Buyer <k>", and a server
 * nickname (`nick<k>`) for one in three, so a name search reads all three names.
 */
export async function insertBenchPeople(tx: Executor): Promise<void> {
  await tx.execute(sql`
    insert into people (discord_id, username, global_name, nick, first_seen_at, last_seen_at)
    select (200000000000000000 + k)::text, 'buyer' || k, 'Buyer ' || k,
      case when k % 3 = 0 then 'nick' || k end, now(), now()
    from generate_series(0, 99999) k
    on conflict do nothing`);
}
