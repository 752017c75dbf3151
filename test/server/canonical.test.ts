import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/use-test-app';

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
const ogUrlOf = (html: string) => html.match(/<meta property="og:url" content="([^"]+)"/)?.[1];

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

  it.each(['//evil.example/x', '/\\evil.example/x', '/%5Cevil.example/x', '/nope/../x'])(
    'name the site root on the 404 page for %s, never another host',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(canonicalOf(response.body)).toBe('https://lunar.example/');
      expect(ogUrlOf(response.body)).toBe('https://lunar.example/');
    },
  );

  it("are the route's own path, however the request spelled it", async () => {
    const response = await server.app.inject({ method: 'GET', url: '/terms/' });
    expect(canonicalOf(response.body)).toBe('https://lunar.example/terms');
    expect(ogUrlOf(response.body)).toBe('https://lunar.example/terms');
  });

  it('ignore a request target in absolute form (real HTTP)', async () => {
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'GET http://evil.example/blog HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
        );
      });
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(raw).not.toContain('evil.example');
    const canonical = canonicalOf(raw);
    expect(
      canonical === 'https://lunar.example/' || canonical === 'https://lunar.example/blog',
    ).toBe(true);
  });
});
