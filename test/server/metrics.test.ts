import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystemStateRepository } from '../../db/repositories/system-state';
import { buildTestApp, freshIp } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics is off by default', () => {
  it('is an unknown route without METRICS_TOKEN', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('lunar_');
    await app.close();
    await database.close();
  });

  it('is not served on the site with METRICS_PORT alone (loopback only)', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database, { env: { METRICS_PORT: '9464' } });
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    await app.close();
    await database.close();
  });
});

describe.each(DRIVERS)('GET /metrics with METRICS_TOKEN on %s', (driver) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const scrape = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    return response.body;
  };

  it('refuses a request without the token or with another one', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('lunar_');
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern, not by URL, and the counts move', async () => {
    const label = 'method="GET",route="/api/portfolios/:username",status_code="404"';
    const before = sample(await scrape(), 'lunar_http_requests_total', label) ?? 0;
    for (const username of ['nobody-one', 'nobody-two']) {
      const response = await app.inject({ method: 'GET', url: `/api/portfolios/${username}` });
      expect(response.statusCode).toBe(404);
    }
    const text = await scrape();
    expect(sample(text, 'lunar_http_requests_total', label)).toBe(before + 2);
    expect(text).not.toContain('nobody-one');
    expect(
      sample(
        text,
        'lunar_http_request_duration_seconds_count',
        'method="GET",route="/api/portfolios/:username"',
      ),
    ).toBeGreaterThanOrEqual(2);
    // An unknown URL is counted under one label, not under its path.
    await app.inject({ method: 'GET', url: '/api/no-such-thing-here' });
    const after = await scrape();
    expect(after).not.toContain('no-such-thing-here');
    expect(after).toMatch(/lunar_http_requests_total\{method="GET",route="unmatched"/);
  });

  it('reports the database, the outbox by kind and the process', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there' },
    });
    expect(response.statusCode).toBe(201);
    const text = await scrape();
    expect(sample(text, 'lunar_database_up')).toBe(1);
    expect(sample(text, 'lunar_outbox_pending', 'kind="contact_message"')).toBe(1);
    expect(sample(text, 'lunar_outbox_pending', 'kind="application"')).toBe(0);
    expect(
      sample(text, 'lunar_outbox_oldest_pending_seconds', 'kind="contact_message"'),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'lunar_outbox_failed', 'kind="contact_message"')).toBe(0);
    expect(sample(text, 'lunar_discord_token_refused')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    if (driver === 'postgres') {
      expect(sample(text, 'lunar_database_pool_size')).toBe(4); // test/support/database.ts
      expect(sample(text, 'lunar_database_pool_busy')).toBeGreaterThanOrEqual(0);
    } else {
      // The embedded database has no pool.
      expect(text).not.toMatch(/^lunar_database_pool_size /m);
    }
  });

  it('reports the Discord token refused (the worker’s 401) and since when', async () => {
    const since = '2026-11-26T10:00:00.000Z';
    await createSystemStateRepository(database.db).setDiscordAuth({
      status: 'unauthorized',
      since,
    });
    const refused = await scrape();
    expect(sample(refused, 'lunar_discord_token_refused')).toBe(1);
    expect(sample(refused, 'lunar_discord_token_refused_since_seconds')).toBe(
      Date.parse(since) / 1000,
    );
    await createSystemStateRepository(database.db).setDiscordAuth({ status: 'ok' });
    const accepted = await scrape();
    expect(sample(accepted, 'lunar_discord_token_refused')).toBe(0);
    expect(sample(accepted, 'lunar_discord_token_refused_since_seconds')).toBe(0);
  });

  // Query errors are counted by the Postgres driver's pool (PGlite has none): defined there only.
  const onPostgres = driver === 'postgres' ? it : () => {};
  onPostgres('counts failed queries', async () => {
    const before = sample(await scrape(), 'lunar_database_query_errors_total') ?? 0;
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    expect(sample(await scrape(), 'lunar_database_query_errors_total')).toBe(before + 1);
  });
});

// Needs `npm run build` (the pages are the built web app).
describe('page metrics', () => {
  it('counts pages under their route table path, with page-cache hits and misses', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp(database, { web: true, env: { METRICS_TOKEN: TOKEN } });
    try {
      const urls = ['/blog', '/blog', '/blog/first-post', '/blog/second-post', '/blog/first-post'];
      for (const url of urls) {
        await app.inject({ method: 'GET', url });
      }
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const text = response.body;
      expect(sample(text, 'lunar_page_cache_requests_total', 'result="hit"')).toBe(2);
      expect(sample(text, 'lunar_page_cache_requests_total', 'result="miss"')).toBe(3);
      expect(
        sample(text, 'lunar_http_requests_total', 'method="GET",route="/blog",status_code="200"'),
      ).toBe(2);
      // No such posts: both are stored 404 pages, and the second /blog/first-post, answered
      // from the cache, is counted under the pattern too.
      expect(
        sample(
          text,
          'lunar_http_requests_total',
          'method="GET",route="/blog/:slug",status_code="404"',
        ),
      ).toBe(3);
      expect(text).not.toContain('first-post');
      // The page's own API calls while prerendering are part of the page, not counted apart.
      expect(text).not.toContain('route="/api/blog/posts"');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
