import { sql } from 'drizzle-orm';
import type { ApplicationSort } from '../core/applications/staff-list';
import type { Database } from '../db/client';
import { buildTestApp } from '../test/support/app';
import { signInAsStaff } from '../test/support/staff';
import { openBenchDatabase } from './bench-database';

// The dashboard's application list at scale (issue 12): seeds BENCH_APPLICATIONS (1,000,000)
// applications into a database of its own on Postgres (generate_series, one statement), then
// times GET /api/staff/applications at the server (app.inject) for every sort × each single
// filter, on the first page, the middle one and the last (list contract, decision 052), and streams the CSV
// export of ~100,000 rows over real HTTP, sampling the process's RSS. Goal: < 50 ms per page.
// Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (1M rows on PGlite would measure PGlite);
// BENCH_KEEP_DATABASE=<name> keeps the seeded database for the next run (bench-database.ts).

const TOTAL = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const EXPORT_ROWS = 100_000;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'dashboard bench skipped: set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a Postgres',
  );
  process.exit(0);
}

// Seeding and the untimed setup queries run past the app's statement timeout.
const untimedOn = <T>(db: Database, query: ReturnType<typeof sql>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return (await tx.execute(query)) as T;
  });

const database = await openBenchDatabase({
  table: 'applications',
  rows: TOTAL,
  seed: async (db) => {
    // One application every 30 s back from now: 1M rows span about a year. 10% accepted, 10%
    // rejected; half designers; answers with a few searchable words.
    await untimedOn(
      db,
      sql`
    insert into applications
      (type, status, roblox_username, discord_username, answers, submitted_at,
       reviewer_id, reviewer_name, decided_at)
    select
      (case when i % 2 = 0 then 'designer' else 'moderator' end)::application_type,
      (case when i % 10 = 0 then 'accepted' when i % 10 = 1 then 'rejected' else 'pending' end)::application_status,
      'player' || i,
      'disc' || (i::bigint * 7919 % ${TOTAL}),
      jsonb_build_object(
        'age', 13 + i % 20,
        'activityLevel', i % 40,
        'additionalInfo', (array['loves lighthouses', 'builds liveries', 'draws logos', 'codes bots'])[1 + i % 4] || ' ' || md5(i::text),
        'questionsForUs', '', 'questionsBenefits', '', 'agreeTerms', true),
      now() - i * interval '30 seconds',
      case when i % 10 < 2 then '1' end,
      case when i % 10 < 2 then 'Lead' end,
      case when i % 10 < 2 then now() - i * interval '29 seconds' end
    from generate_series(1, ${TOTAL}) as i`,
    );
    // openBenchDatabase vacuums and analyzes.
  },
});
const { db } = database;
try {
  const app = await buildTestApp(database);
  const { cookie } = await signInAsStaff(db, ['lead']);
  const inject = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const filters: Record<string, string> = {
    none: '',
    'type=designer': 'type=designer',
    'status=rejected': 'status=rejected',
    'from..to (a week)': `from=${monthAgo}&to=${weekAgo}`,
    'q=lighthouse': 'q=lighthouse',
    'q=player12345 (rare)': 'q=player12345',
  };
  const sorts: ApplicationSort[] = ['submitted', 'username', 'status'];

  async function time(url: string) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const begin = performance.now();
      const response = await inject(url);
      times.push(performance.now() - begin);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const pick = (p: number) =>
      times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
    return { p50: pick(0.5), p95: pick(0.95) };
  }

  console.log(`\nGET /api/staff/applications, ${RUNS} runs each, ms at the server (p50 / p95):`);
  console.log(
    `${'sort'.padEnd(10)} ${'filter'.padEnd(22)} ${'first page'.padStart(16)} ${'middle page'.padStart(16)} ${'last page'.padStart(16)}`,
  );
  let worst = 0;
  for (const sort of sorts) {
    for (const [name, filter] of Object.entries(filters)) {
      const base = `/api/staff/applications?sort=${sort}&order=desc${filter && `&${filter}`}`;
      const first = await time(base);
      const { total } = (await inject(base)).json() as { total: number };
      const middle = Math.max(1, Math.floor(total / 25 / 2));
      const deep = await time(`${base}&page=${middle}`);
      // Past the end answers the last page.
      const last = await time(`${base}&page=1000000`);
      worst = Math.max(worst, first.p95, deep.p95, last.p95);
      const cell = (t: { p50: number; p95: number } | null) =>
        (t ? `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}` : 'n/a').padStart(16);
      console.log(
        `${sort.padEnd(10)} ${name.padEnd(22)} ${cell(first)} ${cell(deep)} ${cell(last)}`,
      );
    }
  }
  console.log(`worst p95: ${worst.toFixed(1)} ms (goal < 50 ms)`);

  // The CSV export over real HTTP, the body read and dropped as it arrives.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const from = new Date(Date.now() - EXPORT_ROWS * 30 * 1000).toISOString().slice(0, 10);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const response = await fetch(`${address}/api/staff/applications.csv?from=${from}`, {
    headers: { cookie },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  console.log(
    `\nCSV export: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `peak RSS +${((peak - baseline) / 1e6).toFixed(1)} MB over ${(baseline / 1e6).toFixed(0)} MB`,
  );
  await app.close();
} finally {
  await database.close();
}
