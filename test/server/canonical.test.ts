import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/use-test-app';

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];

describe('canonical URLs (built web app)', () => {
  const server = useTestApp('pglite', {
    seed: true,
    web: true,
    env: { PUBLIC_URL: 'https://lunar.example' },
  });

  it('are built on PUBLIC_URL, whatever host or query the request has', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/terms?utm_source=x',
      headers: { host: 'evil.example' },
    });
    expect(canonicalOf(response.body)).toBe('https://lunar.example/terms');
  });

  it('never point at another host for a path starting with two slashes', async () => {
    const response = await server.app.inject({ method: 'GET', url: '//evil.example/x' });
    expect(response.statusCode).toBe(404);
    expect(canonicalOf(response.body)).toBe('https://lunar.example/evil.example/x');
  });
});
