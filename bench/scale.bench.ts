import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createTestDatabase } from '../test/support/database';
import { startLunar } from './support/lunar-server';

// Two web processes against one (issue 26): pages and POST /api/contact req/s, on one Postgres.
// No load balancer: with two processes, autocannon drives both ports at once, half of the
// connections each (what a round-robin proxy does, without a proxy's own cost on these cores),
// and the answers are added up. The compiled server (`npm start`, LUNAR_ROLES=web), 100
// connections, BENCH_SECONDS per measurement (default 5). Needs TEST_DATABASE_URL (or
// BENCH_DATABASE_URL). Run: npm run bench -- scale
// The web tier scales with processes only as far as cores allow: on a machine whose cores
// the client and Postgres also use, two processes gain less than twofold.
const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 100;
const PAGES = ['/', '/blog'];

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('skipped: set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a Postgres server');
  process.exit(0);
}
process.env.TEST_DATABASE_URL = url;

let address = 0;
/** POST /api/contact, each request from its own address (TRUST_PROXY=1): no 429. */
const contact: autocannon.Request = {
  method: 'POST',
  path: '/api/contact',
  setupRequest: (request) => {
    address += 1;
    return {
      ...request,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      },
      body: JSON.stringify({
        name: 'Bench',
        email: 'bench@example.com',
        subject: 'Scale',
        message: `Message ${address}`,
      }),
    };
  },
};

type Figures = { rps: number; p99: number; ok: number; other: number };

function run(target: string, connections: number, request: autocannon.Request): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: target, connections, duration: SECONDS, requests: [request] },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result.requests.total / (result.duration || SECONDS),
          p99: result.latency.p99,
          ok: result['2xx'],
          other: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
  });
}

/** The load split evenly over `targets`, at the same time; req/s added, the worst p99. */
async function across(targets: string[], request: autocannon.Request): Promise<Figures> {
  const each = await Promise.all(
    targets.map((target) => run(target, CONNECTIONS / targets.length, request)),
  );
  return {
    rps: each.reduce((sum, figures) => sum + figures.rps, 0),
    p99: Math.max(...each.map((figures) => figures.p99)),
    ok: each.reduce((sum, figures) => sum + figures.ok, 0),
    other: each.reduce((sum, figures) => sum + figures.other, 0),
  };
}

const database = await createTestDatabase('postgres');
const env = {
  DATABASE_URL: database.url ?? '',
  LUNAR_SEED_DEMO: 'true',
  // The bot runs elsewhere: without a token, every stored message would also be logged.
  DISCORD_TOKEN: 'bench.token.unused',
  DISCORD_GUILD_ID: '100000000000000001',
};
const rows: string[][] = [];
try {
  const first = await startLunar(root, env);
  const second = await startLunar(root, env);
  try {
    const loads: [string, autocannon.Request][] = [
      ...PAGES.map((path): [string, autocannon.Request] => [
        `GET ${path}`,
        { method: 'GET', path, headers: { 'accept-encoding': 'gzip' } },
      ]),
      ['POST /api/contact', contact],
    ];
    for (const [name, request] of loads) {
      // Each page once before measuring: the page cache is filled in both processes.
      for (const server of [first, second]) {
        if (request.method === 'GET') await fetch(new URL(String(request.path), server.url));
      }
      const one = await across([first.url], request);
      const two = await across([first.url, second.url], request);
      rows.push([
        name,
        one.rps.toFixed(0),
        one.p99.toFixed(0),
        two.rps.toFixed(0),
        two.p99.toFixed(0),
        (two.rps / one.rps).toFixed(2),
        String(one.other + two.other),
      ]);
    }
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
} finally {
  await database.close();
}

console.log(
  `\nOne web process vs two (autocannon on both ports, ${CONNECTIONS} connections, ${SECONDS} s, Postgres; ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end)`,
);
const header = [
  'load',
  '1 proc req/s',
  '1 proc p99 ms',
  '2 procs req/s',
  '2 procs p99 ms',
  'ratio',
  'non-2xx',
];
console.table(rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))));
