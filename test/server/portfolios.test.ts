import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../support/database';
import { useTestApp } from '../support/use-test-app';

describe.each(DRIVERS)('portfolios, SEO files and generated images on %s', (driver) => {
  const server = useTestApp(driver, { seed: true, env: { PUBLIC_URL: 'https://lunar.example' } });

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('answers a known profile (any letter case) in the spec shape', async () => {
    const response = await get('/api/portfolios/AshGFX');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ username: 'ashgfx', name: 'Ash', fallback: false });
    expect(Object.keys(body).sort()).toEqual(
      [
        'about',
        'avatarUrl',
        'bannerUrl',
        'contactUrl',
        'expertise',
        'fallback',
        'githubUrl',
        'name',
        'projects',
        'skills',
        'subtitle',
        'testimonials',
        'title',
        'username',
      ].sort(),
    );
    expect(body.about).toEqual({ mainText: expect.any(String), secondaryText: expect.any(String) });
    // Staff edit profiles in the dashboard: a browser must ask again, never reuse an old copy.
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect((await get('/api/team')).headers['cache-control']).toBe('public, no-cache');
  });

  it('falls back to the default profile with fallback: true for an unknown username', async () => {
    const response = await get('/api/portfolios/nobody-here');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'novadev', name: 'Nova', fallback: true });
    for (const skill of response.json().skills) {
      expect(skill.level).toBeGreaterThanOrEqual(70);
      expect(skill.level).toBeLessThanOrEqual(95);
    }
  });

  it('rejects an over-long username', async () => {
    expect((await get(`/api/portfolios/${'a'.repeat(65)}`)).statusCode).toBe(400);
  });

  it('serves robots.txt with the disallowed areas and the absolute sitemap URL', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /staff/');
    expect(response.body).toContain('Disallow: /dashboard');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://lunar.example/sitemap.xml');
  });

  it('lists the public pages and every portfolio in sitemap.xml', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://lunar.example/',
        'https://lunar.example/terms',
        'https://lunar.example/privacy',
        'https://lunar.example/blog',
        'https://lunar.example/contact',
        'https://lunar.example/team/portfolios/novadev',
        'https://lunar.example/team/portfolios/ashgfx',
      ]),
    );
    expect(locs.some((loc) => loc?.includes('/staff/'))).toBe(false);
    expect(locs.some((loc) => loc?.includes(':'.concat('username')))).toBe(false);
  });

  it('renders a member avatar and a banner as cached SVG; 404 for unknown members', async () => {
    const team = (await get('/api/team')).json();
    const member = team.categories[0].members[0];
    const avatar = await get(member.pfpUrl);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.headers['cache-control']).toBe('public, max-age=86400');
    expect(avatar.body).toContain(`<title>${member.name}</title>`);

    const banner = await get('/banners/3.svg');
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toContain('image/svg+xml');
    expect(banner.body).toMatch(/^<svg /);

    expect((await get('/avatars/nobody-at-all.svg')).statusCode).toBe(404);
    expect((await get('/avatars/..%2Fetc.svg')).statusCode).toBe(404);
    expect((await get('/banners/x.svg')).statusCode).toBe(404);
  });
});
