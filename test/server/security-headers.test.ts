import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/use-test-app';

// HSTS tells browsers "this site is https only": sending it from a site that is not on https
// promises what is not there, so it follows PUBLIC_URL, not NODE_ENV.
describe('Strict-Transport-Security in production over plain http', () => {
  const server = useTestApp('pglite', {
    env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' },
  });

  it('is not sent', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Strict-Transport-Security with an https PUBLIC_URL', () => {
  const server = useTestApp('pglite', {
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://lunar.example' },
  });

  it('is sent', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
