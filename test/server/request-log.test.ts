import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnce } from '../../db/seed';
import { app } from '../../server/app';
import { serverOptions } from '../../server/server-options';
import { testConfig } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

describe('request log', () => {
  const lines: { msg: string; url?: string; status?: number }[] = [];
  let database: TestDatabase;
  let server: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedOnce(database.db);
    const config = testConfig({ LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    server = Fastify({ ...serverOptions(config), logger: { level: 'info', stream } });
    await server.register(app, { config, database, webDistDir: resolve(config.WEB_DIST_DIR) });
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('writes one line per request, none for the API calls a page makes while prerendering', async () => {
    await server.inject({ method: 'GET', url: '/' });
    await server.inject({ method: 'GET', url: '/api/nope' });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map(({ url, status }) => [url, status])).toEqual([
      ['/', 200],
      ['/api/nope', 404],
    ]);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('logs no sign-in token and no query value', async () => {
    lines.length = 0;
    await server.inject({ method: 'GET', url: '/auth/link/Secret-Token_123' });
    await server.inject({ method: 'GET', url: '/api/staff/applications?q=nova%20designs&limit=5' });
    await server.inject({ method: 'GET', url: '/auth/discord/callback?code=oauth-code&state=st' });
    const urls = lines.filter((line) => line.msg === 'request').map((line) => line.url);
    expect(urls).toEqual([
      '/auth/link/[redacted]',
      '/api/staff/applications?q=[redacted]&limit=[redacted]',
      '/auth/discord/callback?code=[redacted]&state=[redacted]',
    ]);
    const written = JSON.stringify(lines);
    for (const secret of ['Secret-Token_123', 'nova', 'oauth-code']) {
      expect(written).not.toContain(secret);
    }
  });

  it('logs a client that sends the prerender header itself', async () => {
    lines.length = 0;
    await server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-lunar-prerender': '1' },
    });
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.url)).toEqual([
      '/api/health',
    ]);
  });
});
