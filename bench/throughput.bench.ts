import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '../db/client';
import { contactMessages, outbox } from '../db/schema';
import { startLunar } from './support/lunar-server';
import { type Body, type Reference, startReferences } from './support/reference-server';
import { cpuMs, type Served } from './support/served';
import { findWrk, type Load, runWrk } from './support/wrk';

// Throughput of the compiled server (`npm start`, web role) at 100 connections, each figure
// next to a reference measured in the same run:
// - pages and a hashed asset (Accept-Encoding: gzip) against nginx serving the very same bytes
//   (Debian's nginx-light: found, or installed with apt-get when run as root; one worker, as
//   Lunar is one process) and against a bare node:http server serving them from memory (the
//   floor for any Node server);
// - POST /api/contact (every request from its own address, TRUST_PROXY=1, so the per-IP limit
//   never answers 429) against GET /api/health, and /api/health's p99 while that POST load runs.
// GETs are driven by wrk where it runs (found, or installed with apt-get as root), POSTs by
// autocannon (a body and an address per request, and a fixed count, so every stored row has its
// answer counted); the POST ratio is also printed against /api/health driven by autocannon, the
// same client, which on two cores shares the CPU with the server. Rows stored must equal 2xx answers (checked
// and printed). Embedded database (temp DATA_DIR), and Postgres too when TEST_DATABASE_URL is set. Median of BENCH_RUNS interleaved rounds
// (default 1), BENCH_SECONDS per measurement (default 5). Run: npm run bench -- throughput
// BENCH_BASELINE=<checkout> runs that checkout's built server instead (e.g. main before a change).
const root = process.env.BENCH_BASELINE ?? fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 100;
const PAGES = ['/', '/blog', '/terms'];
const GZIP = { 'accept-encoding': 'gzip' };

// As in production, the web process knows a bot token (the bot runs in another process): with
// no token at all, every stored message is also logged at warn level for staff to notice
// (server/submission-notice.ts), a cost a studio with its bot set up does not pay.
const DISCORD_CONFIGURED = {
  DISCORD_TOKEN: 'bench.token.unused',
  DISCORD_GUILD_ID: '100000000000000001',
};

async function startServed(env: Record<string, string>): Promise<Served> {
  const lunar = await startLunar(root, { ...DISCORD_CONFIGURED, ...env });
  return { url: lunar.url, stop: lunar.stop, cpuMs: () => cpuMs(lunar.child.pid as number) };
}

const wrk = findWrk();

function load(options: autocannon.Options): Promise<Load> {
  // GETs through wrk where it runs (see support/wrk.ts); POSTs, which need a body and a client
  // address of their own per request, through autocannon.
  if (wrk && !options.requests && !options.amount) {
    return runWrk(wrk, String(options.url), {
      connections: options.connections ?? CONNECTIONS,
      seconds: Number(options.duration ?? SECONDS),
      // Only single-valued headers are passed here (GZIP).
      headers: options.headers as Record<string, string> | undefined,
    });
  }
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let lastAnswer = started;
    const instance = autocannon(
      { connections: CONNECTIONS, duration: SECONDS, ...options },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          // Answers over the time until the last one: autocannon ends a run only at its next
          // one-second sample, so its own duration rounds a fixed amount's time up to whole
          // seconds (a 4.2 s run read as 5 s), and two amounts finishing within the same
          // second read as the same rate.
          rps: result.requests.total / Math.max((lastAnswer - started) / 1000, 0.01),
          p99: result.latency.p99,
          ok: result['2xx'],
          other: result.non2xx,
          errors: result.errors + result.timeouts,
          total: result.requests.total,
        });
      },
    );
    instance.on('response', () => {
      lastAnswer = performance.now();
    });
  });
}

let address = 0;
/** A different client address per request, so the contact form's per-IP limit never applies. */
function contactRequest(url: string): autocannon.Options {
  return {
    url,
    requests: [
      {
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
              subject: 'Throughput',
              message: `Message ${address}`,
            }),
          };
        },
      },
    ],
  };
}

/** A load, and the server's CPU time per answered request (µs). */
async function loadOn(served: Served, options: autocannon.Options) {
  const before = served.cpuMs();
  const result = await load(options);
  return { ...result, cpuUs: ((served.cpuMs() - before) * 1000) / Math.max(1, result.total) };
}

async function fetchBodies(url: string): Promise<Body[]> {
  const home = await (await fetch(`${url}/`)).text();
  const asset = home
    .match(/\/assets\/[\w.-]+\.js/g)
    ?.sort()
    .at(-1);
  if (!asset) throw new Error('no hashed script on the home page');
  const bodies: Body[] = [];
  for (const path of [...PAGES, asset]) {
    // fetch() would decompress: node's http gives the bytes as sent.
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
      import('node:http').then(({ get }) =>
        get(`${url}${path}`, { headers: GZIP }, resolve).on('error', reject),
      ),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
    bodies.push({
      path,
      type: String(response.headers['content-type']),
      encoding: response.headers['content-encoding'],
      bytes: Buffer.concat(chunks),
    });
  }
  return bodies;
}

type Database = {
  label: string;
  env: Record<string, string>;
  count: () => Promise<{ messages: number; outbox: number }>;
  drop: () => Promise<void>;
};

async function embedded(): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lunar-throughput-'));
  return {
    label: 'PGlite',
    env: { DATA_DIR: dataDir },
    async count() {
      // Read after the server stopped: the embedded database belongs to one process.
      const handle = await openDatabase({ dataDir });
      try {
        return await countRows(handle.db);
      } finally {
        await handle.close();
      }
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function server(adminUrl: string): Promise<Database> {
  const name = `lunar_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: 'Postgres',
    env: { DATABASE_URL: url.href, DATA_DIR: mkdtempSync(join(tmpdir(), 'lunar-throughput-')) },
    async count() {
      const handle = await openDatabase({ url: url.href, poolSize: 1 });
      try {
        return await countRows(handle.db);
      } finally {
        await handle.close();
      }
    },
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function countRows(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const [messages] = await db.select({ n: count() }).from(contactMessages);
  const [queued] = await db.select({ n: count() }).from(outbox);
  return { messages: messages?.n ?? 0, outbox: queued?.n ?? 0 };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const fmt = (value: number, digits = 0) => value.toFixed(digits).padStart(9);

async function benchDatabase(database: Database) {
  const lunar = await startServed(database.env);
  const dir = mkdtempSync(join(tmpdir(), 'lunar-reference-'));
  const figures = new Map<string, number[]>();
  const add = (key: string, value: number) =>
    figures.set(key, [...(figures.get(key) ?? []), value]);
  let postOk = 0;
  let references: Reference[] = [];
  const paths: string[] = [];
  try {
    const bodies = await fetchBodies(lunar.url);
    paths.push(...bodies.map((body) => body.path));
    references = await startReferences(bodies, dir);
    for (const body of bodies)
      await load({ url: lunar.url + body.path, headers: GZIP, duration: 1 });
    for (let run = 0; run < RUNS; run += 1) {
      for (const body of bodies) {
        const ours = await loadOn(lunar, { url: lunar.url + body.path, headers: GZIP });
        add(`${body.path} Lunar cpu`, ours.cpuUs);
        add(`${body.path} Lunar`, ours.rps);
        if (ours.other || ours.errors)
          console.log(`  ${body.path}: ${ours.other} non-2xx, ${ours.errors} errors`);
        for (const reference of references) {
          const theirs = await loadOn(reference, { url: reference.url + body.path, headers: GZIP });
          if (theirs.other || theirs.errors)
            console.log(
              `  ${reference.name} ${body.path}: ${theirs.other} non-2xx, ${theirs.errors} errors`,
            );
          add(`${body.path} ${reference.name} cpu`, theirs.cpuUs);
          add(`${body.path} ${reference.name}`, theirs.rps);
        }
      }
      const health = await loadOn(lunar, { url: `${lunar.url}/api/health` });
      add('health cpu', health.cpuUs);
      // A fixed number of POSTs (about SECONDS' worth), so no request is cut off in flight
      // and every stored row has its answer counted.
      const warm = await load({ ...contactRequest(lunar.url), amount: 1000 });
      postOk += warm.ok;
      const amount = Math.max(200, Math.round(warm.rps * SECONDS));
      const post = await loadOn(lunar, { ...contactRequest(lunar.url), amount });
      add('post cpu', post.cpuUs);
      // The same health check driven by the POSTs' client: autocannon, a JavaScript client on
      // the same two cores, tops out well below wrk (~6k req/s here against ~10k). A ratio near
      // 1 says the POSTs ran into the client's ceiling, not the server's.
      const healthSameClient = await loadOn(lunar, { url: `${lunar.url}/api/health`, amount });
      add('health same client rps', healthSameClient.rps);
      postOk += post.ok;
      if (post.other || post.errors)
        console.log(`  POST: ${post.other} non-2xx, ${post.errors} errors`);
      // Health at 10 connections while 100 connections post.
      const [underLoad, posting] = await Promise.all([
        load({ url: `${lunar.url}/api/health`, connections: 10 }),
        load({ ...contactRequest(lunar.url), amount }),
      ]);
      postOk += posting.ok;
      add('health rps', health.rps);
      add('health p99', health.p99);
      add('post rps', post.rps);
      add('post p99', post.p99);
      add('health p99 under post', underLoad.p99);
    }
  } finally {
    for (const reference of references) await reference.stop();
    await lunar.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const rows = await database.count();
  await database.drop();

  const at = (key: string) => median(figures.get(key) ?? []);
  const names = references.map((reference) => reference.name);
  console.log(
    `\n${database.label}: ${CONNECTIONS} connections, ${SECONDS} s each, median of ${RUNS}; references: ${names.join(', ')}; GET client: ${wrk ? 'wrk' : 'autocannon'}`,
  );
  // Each reference's column is followed by Lunar's ratio to it (for CPU: reference / Lunar).
  const heading = names.map((name) => `${name.padStart(10)}${'ratio'.padStart(7)}`).join('');
  console.log(`${'GET (gzip)'.padEnd(36)}${'Lunar'.padStart(9)}${heading}`);
  const row = (label: string, suffix: string, ratio: (ours: number, theirs: number) => number) =>
    paths.map((path) => {
      const ours = at(`${path} Lunar${suffix}`);
      const columns = names.map((name) => {
        const theirs = at(`${path} ${name}${suffix}`);
        return `${fmt(theirs).padStart(10)}${ratio(ours, theirs).toFixed(3).padStart(7)}`;
      });
      return `${`${path} ${label}`.padEnd(36)}${fmt(ours)}${columns.join('')}`;
    });
  for (const line of row('req/s', '', (ours, theirs) => ours / theirs)) console.log(line);
  // CPU per request: on a machine others are loading, the steadier comparison.
  for (const line of row('µs CPU/req', ' cpu', (ours, theirs) => theirs / ours)) console.log(line);
  const post = at('post rps');
  const health = at('health rps');
  const healthSameClient = at('health same client rps');
  console.log(
    `${'POST /api/contact req/s vs health'.padEnd(36)}${fmt(post)}${fmt(health)}${fmt(post / health, 3)}  (health by ${wrk ? 'wrk' : 'autocannon'})`,
  );
  console.log(
    `${'  vs health by autocannon too'.padEnd(36)}${fmt(post)}${fmt(healthSameClient)}${fmt(post / healthSameClient, 3)}`,
  );
  console.log(
    `${'POST /api/contact µs CPU/req vs health'.padEnd(36)}${fmt(at('post cpu'))}${fmt(at('health cpu'))}${fmt(at('health cpu') / at('post cpu'), 3)}`,
  );
  console.log(`${'POST /api/contact p99 ms'.padEnd(36)}${fmt(at('post p99'))}`);
  console.log(`${'/api/health p99 ms, idle'.padEnd(36)}${fmt(at('health p99'))}`);
  console.log(
    `${'/api/health p99 ms, under POST load'.padEnd(36)}${fmt(at('health p99 under post'))}`,
  );
  const same = rows.messages === postOk && rows.outbox === postOk;
  console.log(
    `rows stored: ${rows.messages} messages, ${rows.outbox} outbox; 2xx answers: ${postOk} ${same ? '(equal)' : '(MISMATCH)'}`,
  );
  if (!same) process.exitCode = 1;
}

if (!readdirSync(join(root, 'dist/server')).includes('main.mjs')) {
  throw new Error('dist/server/main.mjs is missing: npm run build');
}
await benchDatabase(await embedded());
if (process.env.TEST_DATABASE_URL) await benchDatabase(await server(process.env.TEST_DATABASE_URL));
