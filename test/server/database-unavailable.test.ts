import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { buildTestApp, freshIp } from '../support/app';

// A port that nothing listens on: every connection is refused, as when Postgres is stopped.
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe('the API while Postgres refuses connections', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/x` });
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const postContact = () =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Jordan', email: 'jordan@example.com', subject: 'Hi', message: 'Hello' },
    });

  it('answers a form with 503 and Retry-After, not a 500', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await postContact();
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({
        error: 'Service temporarily unavailable',
        message: expect.stringContaining('try again'),
      });
    }
  });

  it('says so on /api/health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});
