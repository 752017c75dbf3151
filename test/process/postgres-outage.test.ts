import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeNeeding } from '../support/needs';
import {
  createPrivatePostgres,
  type PrivatePostgres,
  privatePostgresUnavailable,
} from '../support/private-postgres';
import { type LunarProcess, spawnLunar, waitForOutput } from '../support/process';

// Correctness bounds, not performance targets: "a fast 503, not a hang" on a busy machine.
const FAST_ANSWER_MS = 2_000;
const HEALTH_ANSWER_MS = 1_000;
const RESUMED_WITHIN_MS = 10_000;
const CLIENTS = 3;

type Answer = {
  subject: string;
  sentAt: number;
  answeredAt: number;
  status?: number;
  retryAfter?: string | null;
  error?: string;
};

/** CLIENTS loops posting contact messages, each with its own subject and client address. */
function startContactLoad(baseUrl: string) {
  const run = randomBytes(4).toString('hex');
  const answers: Answer[] = [];
  let sent = 0;
  let running = true;
  async function client() {
    while (running) {
      const n = sent++;
      const subject = `outage ${run} #${n}`;
      const sentAt = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/contact`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // TRUST_PROXY=1: a new address per message keeps the contact rate limit out of it.
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({
            name: 'Outage Test',
            email: 'outage@example.com',
            subject,
            message: 'Is this stored?',
          }),
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        answers.push({
          subject,
          sentAt,
          answeredAt: performance.now(),
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
        });
      } catch (error) {
        answers.push({ subject, sentAt, answeredAt: performance.now(), error: String(error) });
      }
      await sleep(20); // a steady load, not a flood, on a two-core machine
    }
  }
  const clients = Promise.all(Array.from({ length: CLIENTS }, client));
  return {
    run,
    answers,
    async stop() {
      running = false;
      await clients;
    },
  };
}

async function waitFor(
  condition: () => boolean,
  timeoutMs: number,
  what: string,
  refresh?: () => Promise<void>,
) {
  const deadline = performance.now() + timeoutMs;
  await refresh?.();
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
    await refresh?.();
  }
}

describeNeeding(privatePostgresUnavailable())('the process during a Postgres outage', () => {
  let database: PrivatePostgres | undefined;
  let lunar: LunarProcess | undefined;
  let url = '';
  const isRunning = () => lunar?.child.exitCode === null && lunar.child.signalCode === null;

  beforeAll(async () => {
    database = await createPrivatePostgres();
    lunar = spawnLunar({
      LUNAR_ROLES: 'web',
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      TRUST_PROXY: '1',
    });
    [, url = ''] = await waitForOutput(lunar, /Lunar is running at (\S+)/);
  }, 120_000);

  // The private cluster goes whatever happened; a process that does not stop is killed.
  afterAll(async () => {
    try {
      if (lunar && isRunning()) {
        lunar.child.kill('SIGTERM');
        const stopped = await Promise.race([lunar.exited.then(() => true), sleep(10_000)]);
        if (!stopped) lunar.child.kill('SIGKILL');
      }
    } finally {
      await database?.destroy();
    }
  }, 60_000);

  it('answers 503 + Retry-After at once, says so on /api/health, resumes by itself, and keeps every acknowledged message', async () => {
    if (!database || !lunar) throw new Error('set-up failed');
    const { child, output } = lunar;
    const expectAlive = () => {
      if (isRunning()) return;
      const lastLines = output().trim().split('\n').slice(-20).join('\n');
      throw new Error(`the process exited (${child.exitCode ?? child.signalCode}):\n${lastLines}`);
    };
    const load = startContactLoad(url);
    const { answers } = load;
    const locker = postgres(database.url, { max: 1, onnotice: () => {} });
    const watcher = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await waitFor(() => answers.filter((a) => a.status === 201).length >= 5, 20_000, '201s');

      // Hold the clients' transactions at their insert, so that the stop finds them in flight
      // (the moment postgres.js 3.4.9 crashed the process), and no commit is left in doubt.
      const held = await locker.reserve();
      await held`begin`;
      await held`lock table contact_messages in share mode`;
      const waiting = async () => {
        const [row] = await watcher<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`;
        return row?.n ?? 0;
      };
      // Concurrent messages are written in batches (decision 036): the clients' messages wait
      // in one or two statements, and whatever comes after them waits for those.
      let blocked = 0;
      await waitFor(
        () => blocked >= 1,
        10_000,
        'blocked inserts',
        async () => {
          blocked = await waiting();
        },
      );
      await sleep(200);

      await database.stop();
      const downAt = performance.now();
      await sleep(500);
      expectAlive();
      const healthSentAt = performance.now();
      const healthDown = await fetch(`${url}/api/health`, {
        signal: AbortSignal.timeout(10_000),
      }).catch((error) => {
        throw new Error(`/api/health did not answer while Postgres was down: ${error}`);
      });
      const healthDownMs = performance.now() - healthSentAt;
      expect(healthDown.status).toBe(503);
      expect(await healthDown.json()).toEqual({ status: 'unavailable', database: 'down' });
      expect(healthDownMs).toBeLessThan(HEALTH_ANSWER_MS);
      await sleep(1_500);
      expectAlive();

      const restartingAt = performance.now();
      await database.start();
      const upAt = performance.now();
      await waitFor(
        () => answers.some((a) => a.status === 201 && a.sentAt > upAt),
        RESUMED_WITHIN_MS,
        'a stored message after the restart',
      );
      await sleep(300);
      await load.stop();

      expectAlive();
      const healthUp = await fetch(`${url}/api/health`);
      expect(healthUp.status).toBe(200);

      // Never a hang, a dropped connection or a 500: 201, or a 503 saying when to retry, and
      // at once for a request that arrives while the database is down.
      expect(answers.filter((a) => a.error)).toEqual([]);
      expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
      expect(answers.filter((a) => a.status === 503 && !a.retryAfter)).toEqual([]);
      const whileDown = answers.filter((a) => a.sentAt > downAt && a.sentAt < restartingAt);
      expect(whileDown.length).toBeGreaterThanOrEqual(5);
      expect(whileDown.filter((a) => a.status !== 503)).toEqual([]);
      expect(whileDown.filter((a) => a.answeredAt - a.sentAt >= FAST_ANSWER_MS)).toEqual([]);

      // Exactly the acknowledged messages are stored (the lock left no commit in doubt).
      const reader = postgres(database.url, { max: 1, onnotice: () => {} });
      const rows = await reader<{ subject: string }[]>`
        select subject from contact_messages where subject like ${`outage ${load.run} #%`}`;
      await reader.end();
      const stored = rows.map((row) => row.subject);
      const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.subject);
      expect(stored.sort()).toEqual(acknowledged.sort());

      expect(output()).not.toContain('Cannot read properties of null');
    } finally {
      await load.stop();
      await Promise.all([locker.end({ timeout: 1 }), watcher.end({ timeout: 1 })]);
    }
  }, 90_000);
});
