import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isStaffPagePath } from '../../core/auth';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// The spec's route table; each must prerender with status 200.
const ROUTES = [
  '/',
  '/terms',
  '/privacy',
  '/team/portfolios/novadev',
  '/team/portfolios/someone-unknown',
  '/blog',
  '/contact',
  '/staff/ticket-procedure',
  '/staff/staff-procedure',
  '/apply/moderator',
  '/apply/designer',
];

describe('pages and 404s (built web app)', () => {
  const server = useTestApp('pglite', { seed: true, web: true });

  it.each(ROUTES)('%s answers 200 with prerendered HTML', async (url) => {
    // Staff guides need a staff session (DESIGN.md decision 6; their guard: test/server/staff-pages).
    const headers = isStaffPagePath(url)
      ? { cookie: (await signInAsStaff(server.database.db, ['staff'])).cookie }
      : {};
    const response = await server.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toMatch(/<div id="root"><.+/s);
    expect(response.body).toContain('<title>');
    expect(response.body).toContain('og:title');
  });

  it('answers an unknown page with the 404 page and status 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/definitely/not/here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Page not found');
  });

  it('answers an unknown API path with JSON 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/definitely-not-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'No route for GET /api/definitely-not-here' });
  });

  it('answers a POST to an unknown API path with JSON 404', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/api/nope');
  });

  it('serves hashed assets with long cache headers and never the template', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    const script = page.body.match(/href="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await server.app.inject({ method: 'GET', url: script as string });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await server.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
    expect(
      (await server.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode,
    ).toBe(404);
  });

  it('writes the entry script into the page, allowed by its hash in the CSP', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    const inline = page.body.match(/<script type="module">([^<]+)<\/script>/)?.[1];
    expect(inline).toContain('lunar-hydrate');
    expect(page.body).not.toMatch(/<script[^>]* src=/);
    const hash = createHash('sha256')
      .update(inline as string)
      .digest('base64');
    expect(page.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('serves built files precompressed by Accept-Encoding, with an ETag per encoding and 304', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    const script = page.body.match(/href="(\/assets\/[^"]+\.js)"/)?.[1] as string;
    const get = (url: string, headers: Record<string, string>) =>
      server.app.inject({ method: 'GET', url, headers });
    const plain = await get(script, {});
    const br = await get(script, { 'accept-encoding': 'gzip, br' });
    const gzip = await get(script, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const response of [br, gzip]) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    const etag = String(gzip.headers.etag);
    // One representation's ETag does not name another's bytes.
    expect(new Set([plain.headers.etag, br.headers.etag, etag]).size).toBe(3);
    const again = await get(script, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const favicon = await get('/favicon.svg', {});
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect((await get('/assets/no-such-file.js', {})).statusCode).toBe(404);
  });

  it('ships the page data for hydration without a way to break out of the script tag', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    const state = response.body.match(
      /<script id="lunar-state" type="application\/json">(.*?)<\/script>/s,
    )?.[1];
    expect(state).toBeDefined();
    const parsed = JSON.parse(state as string);
    expect(parsed.api['/api/team'].categories).toHaveLength(5);
    expect(parsed.site.supportEmail).toContain('@');
  });
});
