import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord';
import { describeNeeding, POSTGRES_MISSING } from '../support/needs';
import {
  type LunarProcess,
  spawnLunar,
  spawnScript,
  startLunarProcess,
  waitForOutput,
} from '../support/process';
import { type LocalS3, S3_SERVER_MISSING, startLocalS3 } from '../support/s3-server';
import { openEventStream } from '../support/sse';
import { aDesigner, aPng, multipartBody } from '../support/uploads';

// docs/decisions/049: two `web` processes on "different machines" (each its own DATA_DIR) and
// one `bot,worker` process, with nothing in common but Postgres and a bucket (a local S3
// server). The walk: the owner link and
// `npm run login-link` without a control channel, a session made on one web used on the
// other, an application sent to A and read on B, delivered by the worker, a blog post written
// on B and served by A's page cache, both live streams, the shared rate limit, the metrics.

const METRICS_TOKEN = 'topology-metrics-token-0123456789';
const OWNER_LINE = /Open this link to sign in as the owner: (\S+)/;
const LINK = /^(https?:\/\/\S+\/auth\/link\/[\w-]{43})$/m;

type Web = LunarProcess & { url: string };

/** Follows a one-time link on `site` as a browser does: the staff cookie it sets. */
async function signInWith(link: string, site: string): Promise<string> {
  const response = await fetch(new URL(new URL(link).pathname, site), { redirect: 'manual' });
  expect(response.headers.get('location')).toBe('/dashboard');
  return response.headers.get('set-cookie')?.split(';')[0] ?? '';
}

describeNeeding(POSTGRES_MISSING ?? S3_SERVER_MISSING)(
  'two web processes and a bot,worker process on Postgres',
  () => {
    let database: TestDatabase;
    let fake: FakeDiscord;
    let bucket: LocalS3;
    const dirs: string[] = [];
    const children: LunarProcess[] = [];
    let a: Web;
    let b: Web;
    let worker: LunarProcess;
    let workerMetrics: number;
    let applicationsChannel: string;

    beforeAll(async () => {
      [database, fake, bucket] = await Promise.all([
        createTestDatabase('postgres'),
        startFakeDiscord(),
        startLocalS3(),
      ]);
      applicationsChannel =
        fake.guild.channels.find((channel) => channel.name === 'applications')?.id ?? '';
      const machine = (env: Record<string, string>) => {
        const dir = mkdtempSync(join(tmpdir(), 'lunar-topology-'));
        dirs.push(dir);
        return { DATABASE_URL: database.url ?? '', DATA_DIR: dir, ...bucket.env, ...env };
      };
      const web = () => machine({ LUNAR_ROLES: 'web', METRICS_TOKEN });
      worker = spawnLunar(
        machine({
          LUNAR_ROLES: 'bot,worker',
          // An hour: a delivery is sent because the web's NOTIFY woke the worker.
          OUTBOX_POLL_MS: '3600000',
          METRICS_PORT: '0',
          DISCORD_TOKEN: fake.botToken,
          DISCORD_API_URL: fake.apiUrl,
          DISCORD_GUILD_ID: fake.guild.id,
          DISCORD_APPLICATIONS_CHANNEL_ID: applicationsChannel,
        }),
      );
      children.push(worker);
      // Started together, as an orchestrator does: migrations are applied once (advisory lock).
      const started = await Promise.all([startLunarProcess(web()), startLunarProcess(web())]);
      [a, b] = started as [Web, Web];
      children.push(a, b);
      const [, port] = await waitForOutput(worker, /metrics on port (\d+)/);
      workerMetrics = Number(port);
      await waitForOutput(worker, /outbox worker started/);
      await waitForOutput(worker, /Discord bot connected/);
    }, 90_000);

    afterAll(async () => {
      for (const child of children) {
        child.child.kill('SIGTERM');
        await child.exited;
      }
      await fake?.close();
      await bucket?.close();
      await database?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('walks the topology: sign-in, application, delivery, content, live streams, limits', async () => {
      // The owner link: printed once for the database, by whichever web got there first (the
      // logger may write it just after the "running at" line).
      const printers = () => [a, b].filter((web) => OWNER_LINE.test(web.output()));
      await expect.poll(() => printers().length).toBe(1);
      const printer = printers()[0] as Web;
      const ownerLink = printer.output().match(OWNER_LINE)?.[1] ?? '';
      const other = printer === a ? b : a;
      const owner = await signInWith(ownerLink, other.url);
      // The session lives in Postgres: the web that did not sign in knows it too.
      for (const web of [a, b]) {
        const me = await fetch(`${web.url}/api/staff/me`, { headers: { cookie: owner } });
        expect(await me.json()).toMatchObject({ username: 'Owner', roles: ['owner'] });
      }

      // `npm run login-link` writes to Postgres; no web process runs a control channel.
      const command = spawnScript(
        'login-link',
        { DATABASE_URL: database.url ?? '', PUBLIC_URL: 'https://lunar.example' },
        ['--discord-id', '123456789012345678', '--role', 'lead', '--username', 'nova'],
      );
      expect(await command.exited, command.output()).toBe(0);
      const lead = await signInWith(command.output().match(LINK)?.[1] ?? '', a.url);
      const leadOnB = await fetch(`${b.url}/api/staff/me`, { headers: { cookie: lead } });
      expect(await leadOnB.json()).toMatchObject({ username: 'nova', roles: ['lead'] });
      for (const dir of dirs) expect(existsSync(join(dir, 'control.json'))).toBe(false);

      const streams = await Promise.all(
        [a, b].map((web) => openEventStream(`${web.url}/api/staff/events`, lead)),
      );
      try {
        const announced = streams.map((stream) =>
          stream.next((event) => event.event === 'application'),
        );
        const delivered = streams.map((stream) =>
          stream.next(
            (event) => event.event === 'outbox' && (event.data as { op: string }).op === 'update',
          ),
        );

        // An application with images sent to A, read on B (the images from the bucket).
        const application = JSON.stringify(aDesigner({ robloxUsername: 'topology_designer' }));
        const images = [1, 2].map((seed) => ({ name: `${seed}.png`, data: aPng(2048, seed) }));
        const { body, contentType } = await multipartBody({ application }, images);
        const sent = await fetch(`${a.url}/api/applications`, {
          method: 'POST',
          headers: { 'content-type': contentType, origin: a.url },
          body: new Uint8Array(body),
        });
        expect(sent.status, await sent.clone().text()).toBe(201);
        const { id } = (await sent.json()) as { id: number };
        await Promise.all(announced);
        const read = await fetch(`${b.url}/api/staff/applications/${id}`, {
          headers: { cookie: lead },
        });
        expect(read.status).toBe(200);
        const stored = (await read.json()) as { robloxUsername: string; images: { url: string }[] };
        expect(stored.robloxUsername).toBe('topology_designer');
        expect(stored.images).toHaveLength(2);
        for (const [index, image] of stored.images.entries()) {
          const served = await fetch(`${b.url}${image.url}`, { headers: { cookie: lead } });
          expect(served.status).toBe(200);
          expect(new Uint8Array(await served.arrayBuffer())).toEqual(images[index]?.data);
        }

        // Delivered by the worker process (woken by NOTIFY, not its hour-long poll), and both
        // streams hear it.
        await expect
          .poll(() => fake.messagesIn(applicationsChannel).length, { timeout: 20_000 })
          .toBe(1);
        // With the images, which the worker read from the bucket (its DATA_DIR has none).
        expect(fake.messagesIn(applicationsChannel)[0]?.attachments).toHaveLength(2);
        await Promise.all(delivered);
      } finally {
        await Promise.all(streams.map((stream) => stream.close()));
      }

      // A blog post written on B is served by A's page cache (A read /blog before).
      const blogOnA = async () => (await fetch(`${a.url}/blog`)).text();
      expect(await blogOnA()).not.toContain('Written on B');
      const post = await fetch(`${b.url}/api/blog/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: lead, origin: b.url },
        body: JSON.stringify({ title: 'Written on B', content: 'Seen on A.' }),
      });
      expect(post.status).toBe(201);
      await expect.poll(blogOnA, { timeout: 10_000 }).toContain('Written on B');

      // The contact form's limit (5 per 10 minutes per address) counts across both webs.
      const statuses: number[] = [];
      for (const web of [a, b, a, b, a, b]) {
        const response = await fetch(`${web.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: web.url },
          body: JSON.stringify({
            name: 'Ada',
            email: 'ada@example.com',
            subject: 'Hi',
            message: 'Hello there',
          }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

      // Metrics: each web counts its own requests by route; both read the shared outbox.
      const scrape = async (web: Web) => {
        const response = await fetch(`${web.url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(response.status).toBe(200);
        return response.text();
      };
      const [metricsA, metricsB] = await Promise.all([scrape(a), scrape(b)]);
      expect(metricsA).toMatch(
        /lunar_http_requests_total\{method="POST",route="\/api\/applications",status_code="201"\} 1\n/,
      );
      expect(metricsB).not.toMatch(/route="\/api\/applications",status_code="201"/);
      expect(metricsA).toMatch(/lunar_page_cache_requests_total\{result="miss"\} [1-9]/);
      for (const text of [metricsA, metricsB]) {
        expect(text).toMatch(/lunar_outbox_pending\{kind="application"\} 0\n/);
        expect(text).toMatch(/lunar_database_up 1\n/);
      }
      // The bot,worker process has no web server: its metrics are on its loopback port.
      // Checked after requests it answered: the other web's start-up lines are written by now.
      expect(other.output()).not.toMatch(OWNER_LINE);

      const fromWorker = await (await fetch(`http://127.0.0.1:${workerMetrics}/metrics`)).text();
      expect(fromWorker).toMatch(/lunar_discord_gateway_ready 1\n/);
      expect(fromWorker).toMatch(/lunar_discord_token_refused 0\n/);
    }, 90_000);
  },
);
