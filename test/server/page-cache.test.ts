import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import {
  bumpContentVersion,
  CONTENT_CHANNEL,
  createContentVersionReader,
  readContentVersion,
} from '../../db/repositories/content-version';
import { seedOnce } from '../../db/seed';
import { buildTestApp, freshIp } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { describeNeeding, POSTGRES_MISSING } from '../support/needs';
import { SITE_ORIGIN } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// Needs `npm run build` (the pages are the built web app).
const PASSCODE = 'test-passcode-123';

/** Polls `check` until it holds or `ms` pass; a deadline, not a speed assertion. */
async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the deadline');
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

describe.each(DRIVERS)('page cache on %s', (driver) => {
  const server = useTestApp(driver, {
    seed: true,
    web: true,
    env: { BLOG_ADMIN_PASSCODE: PASSCODE },
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it('answers a hit with the very same bytes and strong ETag, per encoding', async () => {
    const first = await get('/terms', { 'accept-encoding': 'gzip, deflate, br' });
    const again = await get('/terms', { 'accept-encoding': 'gzip, deflate, br' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    expect(again.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['server-timing']).toBe('cache;desc="hit"');

    const identity = await get('/terms', { 'accept-encoding': 'identity' });
    const gzipped = await get('/terms', { 'accept-encoding': 'gzip' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(identity.body);
    expect(identity.body).toContain('<html');
    expect(new Set([identity, gzipped, again].map((r) => r.headers.etag)).size).toBe(3);
  });

  it('answers 304 with no body when If-None-Match holds the ETag', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    const cached = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    // Another representation's tag is not this one.
    const other = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('shows a blog post saved after the page was cached', async () => {
    const before = await get('/blog');
    expect(before.body).not.toContain('Cache test post');
    const session = await server.app.inject({
      method: 'POST',
      url: '/api/blog/session',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ passcode: PASSCODE }),
    });
    const cookie = String(session.headers['set-cookie']).split(';')[0] ?? '';
    const saved = await server.app.inject({
      method: 'POST',
      url: '/api/blog/posts',
      headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, cookie },
      payload: JSON.stringify({ title: 'Cache test post', content: 'Shown at once.' }),
    });
    expect(saved.statusCode).toBe(201);
    const after = await get('/blog');
    expect(after.body).toContain('Cache test post');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('never caches staff pages or unknown paths', async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe.each(DRIVERS)('content version on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('counts bumps and keeps the last reason', async () => {
    expect(await readContentVersion(database.db)).toBe(0);
    await bumpContentVersion(database.db, 'first');
    await database.db.transaction((tx) => bumpContentVersion(tx, 'second'));
    expect(await readContentVersion(database.db)).toBe(2);
    const rows = await database.db.execute<{ value: string }>(
      sql`select value from system_state where key = 'content_version'`,
    );
    expect(JSON.stringify(rows)).toContain('2:second');
  });

  it('a reader sees a change made elsewhere once its copy is older than the max age', async () => {
    const read = createContentVersionReader(database.db, 100);
    const seen = await read();
    // As another process would write it: not through this process's bump.
    await database.db.execute(
      sql`update system_state set value = (split_part(value, ':', 1)::bigint + 5)::text || ':elsewhere' where key = 'content_version'`,
    );
    await eventually(async () => (await read()) === seen + 5);
  });

  it('announces a bump on its channel once the transaction commits', async () => {
    const heard: string[] = [];
    const stop = await database.listen(CONTENT_CHANNEL, (payload) => heard.push(payload));
    try {
      await database.db.transaction(async (tx) => {
        await bumpContentVersion(tx, 'announced');
        // Still inside: nobody has been told (NOTIFY is delivered at commit).
        await tx.execute(sql`select 1`);
        expect(heard).toEqual([]);
      });
      await eventually(async () => heard.length === 1);
    } finally {
      await stop();
    }
  });

  it('a reader told of a bump reads again at once, whatever its max age', async () => {
    // A max age no test reaches: only the announcement can make the reader read again.
    const read = createContentVersionReader(database.db, 3_600_000);
    const seen = await read();
    const stop = await database.listen(CONTENT_CHANNEL, () => read.invalidate());
    try {
      // As another process bumps: its own statement and announcement, not this process's bump.
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update system_state set value = (split_part(value, ':', 1)::bigint + 1)::text || ':elsewhere' where key = 'content_version'`,
        );
        await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
      });
      await eventually(async () => (await read()) === seen + 1);
    } finally {
      await stop();
    }
  });
});

describeNeeding(POSTGRES_MISSING)('two web processes sharing Postgres', () => {
  let database: TestDatabase;
  let first: Awaited<ReturnType<typeof buildTestApp>>;
  let second: Awaited<ReturnType<typeof buildTestApp>>;
  let secondHandle: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedOnce(database.db);
    secondHandle = await openDatabase({ url: database.url, poolSize: 2 });
    first = await buildTestApp(database, { web: true });
    second = await buildTestApp(secondHandle, { web: true });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondHandle?.close();
    await database?.close();
  });

  it('the second sees a post the first saved (within about a second)', async () => {
    const blog = () => second.inject({ method: 'GET', url: '/blog' });
    expect((await blog()).body).not.toContain('Written elsewhere');
    // Written as the other process writes it: its own connection, its own bump (raw SQL, so
    // this process's "I just bumped" shortcut plays no part).
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into blog_posts (slug, title, content, published_on) values ('written-elsewhere', 'Written elsewhere', 'x', '2030-01-01')`,
      );
      await tx.execute(
        sql`update system_state set value = (split_part(value, ':', 1)::bigint + 1)::text || ':test' where key = 'content_version'`,
      );
    });
    await eventually(async () => (await blog()).body.includes('Written elsewhere'));
  });
});
