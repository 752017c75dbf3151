import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystemStateRepository } from '../../db/repositories/system-state';
import { buildTestApp } from '../support/app';
import { createTestDatabase, DRIVERS } from '../support/database';

describe.each(DRIVERS)('GET /api/health on %s', (driver) => {
  it('answers 200 while the database answers', async () => {
    const database = await createTestDatabase(driver);
    const app = await buildTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'up',
      storage: 'up',
      discord: 'off',
    });
    expect(response.headers['cache-control']).toBe('no-store');
    await app.close();
    await database.close();
  });

  it('says discord is off without DISCORD_TOKEN, whatever was recorded before', async () => {
    const database = await createTestDatabase(driver);
    const unauthorized = { status: 'unauthorized', since: new Date().toISOString() } as const;
    const discord = async (env: Record<string, string>) => {
      const app = await buildTestApp(database, { env });
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      await app.close();
      expect(response.statusCode).toBe(200);
      return response.json().discord;
    };
    const withToken = { DISCORD_TOKEN: 'bot.token.value', DISCORD_GUILD_ID: '100000000000000000' };
    expect(await discord({})).toBe('off');
    expect(await discord(withToken)).toBe('ok');
    await createSystemStateRepository(database.db).setDiscordAuth(unauthorized);
    expect(await discord(withToken)).toBe('unauthorized');
    expect(await discord({})).toBe('off');
    await database.close();
  });

  it('answers 503 when the database is unreachable', async () => {
    const database = await createTestDatabase(driver);
    const app = await buildTestApp(database);
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect(response.headers['cache-control']).toBe('no-store');
    await app.close();
  });
});

describe('security headers', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
    close = () => database.close();
  });
  afterAll(async () => {
    await app.close();
    await close();
  });

  it('sets a content security policy and no-sniff on API answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends JSON 404s and other JSON errors with Cache-Control: no-store', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(unknown.headers['cache-control']).toBe('no-store');
    const bad = await app.inject({ method: 'GET', url: '/api/testimonials?limit=99' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});
