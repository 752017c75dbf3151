import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      discord: 'ok',
    });
    expect(response.headers['cache-control']).toBe('no-store');
    await app.close();
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
