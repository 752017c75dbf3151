import { describe, expect, it } from 'vitest';
import { buildPath } from '../../core/site/route-paths';
import { ROUTES } from '../../core/site/routes';
import { useTestApp } from '../support/use-test-app';

// Links pasted in Discord (and elsewhere) show a card: every public page names the share image,
// and it and the favicon are served as what they are, with long caching.
describe('share image and favicon', () => {
  const server = useTestApp('pglite', { seed: true, web: true });
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  const publicPages = ROUTES.filter((route) => route.access === 'public').map((route) =>
    buildPath(route, { username: 'novadev', slug: 'welcome-to-lunar' }),
  );

  it.each([...publicPages, '/no-such-page'])(
    '%s has og:image and a large twitter card',
    async (path) => {
      const html = (await get(path)).body;
      expect(html).toContain(
        '<meta property="og:image" content="http://localhost:3000/og-image.png" />',
      );
      expect(html).toContain('<meta property="og:image:width" content="1200" />');
      expect(html).toContain('<meta property="og:image:height" content="630" />');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain(
        '<meta name="twitter:image" content="http://localhost:3000/og-image.png" />',
      );
      expect(html).toContain('<link rel="icon" href="/favicon.ico"');
    },
  );

  it('serves /og-image.png as a 1200×630 PNG with long caching', async () => {
    const response = await get('/og-image.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
    const png = response.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('serves /favicon.ico as an icon with long caching', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
    const ico = response.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), then the image count.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    expect(ico.readUInt16LE(4)).toBeGreaterThan(0);
  });
});
