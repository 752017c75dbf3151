import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// A production start seeds no team and no portfolios (db/seed.ts, seedsDemo): the public pages
// must read as a real, young site, not a broken one; and what they say about the studio (the
// hero's figures, the support e-mail, the Discord invite, the legal pages' date) comes from
// settings an executive edits, the page cache following each edit.

const CONFIG_EMAIL = 'hello@config.example';

describe.each(DRIVERS)('a fresh production site on %s', (driver) => {
  const server = useTestApp(driver, { web: true, env: { SUPPORT_EMAIL: CONFIG_EMAIL } });

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const page = async (url: string) => (await get(url)).body;
  const executive = async () =>
    (await signInAsStaff(server.database.db, ['executive'], 'Exa')).cookie;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: { cookie, origin: SITE_ORIGIN },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('says the team page is coming soon and links nowhere that does not exist', async () => {
    const home = await page('/');
    expect(home).toContain('Our team page is coming soon');
    // Nobody searched: the spec's empty-search state would be untrue here.
    expect(home).not.toContain('No Results Found');
    expect(home).not.toContain('No team members match');
    // No portfolio exists: no nav link to one, and no "View Our Work" into an empty team.
    expect(home).not.toContain('href="/team/portfolios/');
    expect(home).not.toContain('View Our Work');

    const portfolio = await get('/team/portfolios/novadev');
    expect(portfolio.statusCode).toBe(404);
    expect(portfolio.body).toContain('<title>Page not found');
    expect(portfolio.body).not.toContain('could not be loaded');
    expect(portfolio.body).toContain('noindex');
  });

  it('shows the configured support e-mail as mailto links until settings are saved', async () => {
    for (const path of ['/', '/contact', '/terms', '/privacy']) {
      expect(await page(path), path).toContain(`href="mailto:${CONFIG_EMAIL}"`);
    }
    const terms = await page('/terms');
    expect(terms).toContain('dateTime="2024-03-19"');
    expect(terms).toContain('March 19, 2024');
  });

  it('the hero reads the stats block: an edit shows on the next request', async () => {
    const cookie = await executive();
    expect(await page('/')).toContain('500+ Happy Clients');
    const stats = [
      { icon: 'star', value: '12', label: 'Happy Moons' },
      { icon: 'clock', value: '24/7', label: 'Support' },
    ];
    expect((await send('PUT', '/api/staff/content/site/stats', cookie, stats)).statusCode).toBe(
      200,
    );
    const home = await page('/');
    expect(home).toContain('12 Happy Moons');
    expect(home).not.toContain('500+');
    // No stats at all: neither the badges nor the tiles show.
    expect((await send('PUT', '/api/staff/content/site/stats', cookie, [])).statusCode).toBe(200);
    const bare = await page('/');
    expect(bare).not.toContain('aria-label="Why Lunar"');
    expect(bare).not.toContain('aria-label="Lunar in numbers"');
  });

  it('stores the studio settings every page shows; refuses bad ones in words', async () => {
    const cookie = await executive();
    const read = await server.app.inject({
      url: '/api/staff/content/site/settings',
      headers: { cookie },
    });
    expect(read.json()).toEqual({
      stored: false,
      version: null,
      value: {
        supportEmail: CONFIG_EMAIL,
        discordInviteUrl: 'https://discord.gg/lunar',
        legalLastUpdated: '2024-03-19',
      },
    });

    const bad = await send('PUT', '/api/staff/content/site/settings', cookie, {
      supportEmail: 'not an address',
      discordInviteUrl: 'javascript:alert(1)',
      legalLastUpdated: '2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual([
      'discordInviteUrl',
      'legalLastUpdated',
      'supportEmail',
    ]);
    expect(bad.json().fieldErrors.supportEmail).toMatch(/^Support e-mail: /);
    expect(await page('/terms')).toContain(CONFIG_EMAIL);

    const settings = {
      supportEmail: 'care@moon.studio',
      discordInviteUrl: 'https://discord.gg/moonstudio',
      legalLastUpdated: '2026-05-01',
    };
    const saved = await send('PUT', '/api/staff/content/site/settings', cookie, settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      stored: true,
      value: settings,
      version: expect.stringMatching(/^\d+$/),
    });
    const terms = await page('/terms');
    expect(terms).toContain('href="mailto:care@moon.studio"');
    expect(terms).toContain('May 1, 2026');
    expect(terms).not.toContain(CONFIG_EMAIL);
    const home = await page('/');
    expect(home).toContain('href="https://discord.gg/moonstudio"');
    expect(home).not.toContain('href="https://discord.gg/lunar"');
    expect(await page('/contact')).toContain('href="mailto:care@moon.studio"');

    const reset = await send('DELETE', '/api/staff/content/site/settings', cookie);
    expect(reset.json()).toMatchObject({ stored: false, value: { supportEmail: CONFIG_EMAIL } });
    expect(await page('/terms')).toContain(`href="mailto:${CONFIG_EMAIL}"`);
  });

  it('two executives saving the settings at once: both answered, one of them stored', async () => {
    const [first, second] = [await executive(), await executive()];
    const a = {
      supportEmail: 'a@moon.studio',
      discordInviteUrl: 'https://discord.gg/a',
      legalLastUpdated: '2026-01-01',
    };
    const b = { ...a, supportEmail: 'b@moon.studio' };
    const answers = await Promise.all([
      send('PUT', '/api/staff/content/site/settings', first, a),
      send('PUT', '/api/staff/content/site/settings', second, b),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const stored = (
      await server.app.inject({
        url: '/api/staff/content/site/settings',
        headers: { cookie: first },
      })
    ).json().value;
    expect([a, b]).toContainEqual(stored);
    expect(await page('/contact')).toContain(`href="mailto:${stored.supportEmail}"`);
  });

  it('links the nav to the default portfolio once it exists', async () => {
    const cookie = await executive();
    const created = await send('POST', '/api/staff/content/portfolios', cookie, {
      username: 'novadev',
      name: 'Nova',
      title: 'Bot Developer',
      subtitle: '',
      about: { mainText: 'I build bots.', secondaryText: '' },
      githubUrl: null,
      contactUrl: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const home = await page('/');
    expect(home).toContain('href="/team/portfolios/novadev"');
    expect((await get('/team/portfolios/novadev')).statusCode).toBe(200);
    // Any other name falls back to it (spec §2), as a page of its own.
    expect((await get('/team/portfolios/someone')).statusCode).toBe(200);
  });
});
