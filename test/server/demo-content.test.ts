import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GoLiveItem } from '../../core/setup/go-live';
import { TEAM_MEMBERS } from '../../core/team/members';
import { blogPosts, portfolioProfiles, teamMembers } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { aPng, multipartBody } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

// A fresh embedded site holds the demo seed's made-up team, portfolios and welcome post. They
// tick nothing on the go-live checklist, an executive removes them all at once, the default
// portfolio is chosen (or cleared) in Settings, and a portfolio shows its designer's pictures.

type Counts = { members: number; portfolios: number; posts: number };
const SEEDED: Counts = { members: TEAM_MEMBERS.length, portfolios: 2, posts: 1 };
const NONE: Counts = { members: 0, portfolios: 0, posts: 0 };

const ownMember = {
  name: 'Real Person',
  role: 'Designer',
  specialty: 'Logos',
  discordUsername: 'real_person',
  categoryIds: ['graphics'],
};
const ownPortfolio = {
  username: 'real_person',
  name: 'Real Person',
  title: 'Designer',
  subtitle: '',
  about: { mainText: 'Logos.', secondaryText: '' },
  githubUrl: null,
  contactUrl: null,
};

describe.each(DRIVERS)('demo content on %s', (driver) => {
  const server = useTestApp(driver, { seed: true, web: true });

  const cookieOf = async (roles: Parameters<typeof signInAsStaff>[1]) =>
    (await signInAsStaff(server.database.db, roles)).cookie;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: object) =>
    server.app.inject({
      method,
      url,
      headers: { cookie, origin: SITE_ORIGIN },
      ...(body === undefined ? {} : { payload: body }),
    });
  const ticked = async (cookie: string) => {
    const answer = await server.app.inject({ url: '/api/staff/go-live', headers: { cookie } });
    const items = answer.json().items as GoLiveItem[];
    return Object.fromEntries(items.map((item) => [item.id, item.done]));
  };
  const navPortfolioLink = async () =>
    /href="(\/team\/portfolios\/[^"]*)"/.exec((await server.app.inject({ url: '/' })).body)?.[1] ??
    null;

  it('ticks nothing on the checklist with only demo content', async () => {
    const cookie = await cookieOf(['executive']);
    expect(await ticked(cookie)).toMatchObject({ team: false, portfolio: false });
    const demo = await server.app.inject({ url: '/api/staff/demo-content', headers: { cookie } });
    expect(demo.json()).toEqual(SEEDED);
  });

  it('lets only executives see or remove it', async () => {
    const lead = await cookieOf(['lead']);
    expect(
      (await server.app.inject({ url: '/api/staff/demo-content', headers: { cookie: lead } }))
        .statusCode,
    ).toBe(403);
    expect((await send('DELETE', '/api/staff/demo-content', lead)).statusCode).toBe(403);
    const anonymous = await server.app.inject({
      method: 'DELETE',
      url: '/api/staff/demo-content',
      headers: { origin: SITE_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    const [members] = await server.database.db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(eq(teamMembers.demo, true))
      .limit(1);
    expect(members).toBeDefined();
  });

  it('uses the team card’s uploaded pictures on the same designer’s portfolio', async () => {
    const cookie = await cookieOf(['executive']);
    const [ash] = await server.database.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.discordUsername, 'ashgfx'));
    if (!ash) throw new Error('no seeded ashgfx');
    const upload = async (url: string, seed: number) => {
      const { body, contentType } = await multipartBody(
        {},
        [{ name: 'a.png', data: aPng(64, seed) }],
        'image',
      );
      return server.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: SITE_ORIGIN, 'content-type': contentType },
        payload: body,
      });
    };
    const avatar = await upload(`/api/staff/content/team/members/${ash.id}/avatar`, 1);
    expect(avatar.statusCode, avatar.body).toBe(200);
    const cardAvatar = avatar.json().pfpUrl as string;
    const banner = await upload(`/api/staff/content/team/members/${ash.id}/banner`, 2);
    const cardBanner = banner.json().bannerUrl as string;
    expect(cardBanner).toMatch(/^\/media\/site\//);

    const publicPortfolio = async () =>
      (await server.app.inject({ url: '/api/portfolios/ashgfx' })).json();
    expect(await publicPortfolio()).toMatchObject({
      avatarUrl: cardAvatar,
      bannerUrl: cardBanner,
    });
    const page = (await server.app.inject({ url: '/team/portfolios/ashgfx' })).body;
    expect(page).toContain(`src="${cardBanner}"`);
    expect(page).toContain(`src="${cardAvatar}"`);

    // The portfolio's own banner wins; removing it goes back to the team card's.
    const own = await upload('/api/staff/content/portfolios/ashgfx/picture/banner', 3);
    expect(own.statusCode, own.body).toBe(200);
    const ownBanner = own.json().bannerUrl as string;
    expect(ownBanner).toMatch(/^\/media\/site\//);
    expect(ownBanner).not.toBe(cardBanner);
    expect(await publicPortfolio()).toMatchObject({ avatarUrl: cardAvatar, bannerUrl: ownBanner });
    const back = await send(
      'DELETE',
      '/api/staff/content/portfolios/ashgfx/picture/banner',
      cookie,
    );
    expect(back.statusCode).toBe(200);
    expect(await publicPortfolio()).toMatchObject({ bannerUrl: cardBanner });
    expect(
      (await upload('/api/staff/content/portfolios/nobody/picture/avatar', 4)).statusCode,
    ).toBe(404);
    const lead = await cookieOf(['lead']);
    expect(
      (await send('DELETE', '/api/staff/content/portfolios/ashgfx/picture/banner', lead))
        .statusCode,
    ).toBe(403);
  });

  it('chooses or clears the default portfolio in Settings; the nav follows', async () => {
    const cookie = await cookieOf(['executive']);
    // The configuration's (DEFAULT_PORTFOLIO_USERNAME) until chosen.
    expect(await navPortfolioLink()).toBe('/team/portfolios/novadev');
    const refused = await send('PUT', '/api/staff/content/site/portfolio', cookie, {
      defaultUsername: 'nobody',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      defaultUsername: 'Default portfolio: pick one of the portfolios',
    });

    const chosen = await send('PUT', '/api/staff/content/site/portfolio', cookie, {
      defaultUsername: 'ashgfx',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await navPortfolioLink()).toBe('/team/portfolios/ashgfx');
    const unknown = (await server.app.inject({ url: '/api/portfolios/someone' })).json();
    expect(unknown).toMatchObject({ username: 'ashgfx', fallback: true });

    const cleared = await send('PUT', '/api/staff/content/site/portfolio', cookie, {
      defaultUsername: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await navPortfolioLink()).toBeNull();
    expect((await server.app.inject({ url: '/api/portfolios/someone' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/api/portfolios/novadev' })).statusCode).toBe(200);

    // The demo default can be deleted; the nav's link leaves with it.
    await send('PUT', '/api/staff/content/site/portfolio', cookie, { defaultUsername: 'novadev' });
    expect(await navPortfolioLink()).toBe('/team/portfolios/novadev');
    expect((await send('DELETE', '/api/staff/content/portfolios/novadev', cookie)).statusCode).toBe(
      204,
    );
    expect(await navPortfolioLink()).toBeNull();
  });

  it('removes every demo row once, whatever the number of presses at once, and keeps the studio’s own', async () => {
    const cookie = await cookieOf(['executive']);
    expect(
      (await send('POST', '/api/staff/content/team/members', cookie, ownMember)).statusCode,
    ).toBe(201);
    expect(
      (await send('POST', '/api/staff/content/portfolios', cookie, ownPortfolio)).statusCode,
    ).toBe(201);
    const before = (
      await server.app.inject({ url: '/api/staff/demo-content', headers: { cookie } })
    ).json() as Counts;
    // The test above deleted the demo novadev.
    expect(before).toEqual({ ...SEEDED, portfolios: 1 });
    expect(await ticked(cookie)).toMatchObject({ team: true, portfolio: false });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('DELETE', '/api/staff/demo-content', cookie)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const removed = answers.map((answer) => answer.json().removed as Counts);
    const total = (key: keyof Counts) => removed.reduce((sum, one) => sum + one[key], 0);
    expect({
      members: total('members'),
      portfolios: total('portfolios'),
      posts: total('posts'),
    }).toEqual(before);
    for (const answer of answers) expect(answer.json().left).toEqual(NONE);

    const again = await send('DELETE', '/api/staff/demo-content', cookie);
    expect(again.json()).toEqual({ removed: NONE, left: NONE });

    const members = await server.database.db.select().from(teamMembers);
    expect(members.map((member) => member.discordUsername)).toEqual(['real_person']);
    const portfolios = await server.database.db.select().from(portfolioProfiles);
    expect(portfolios.map((one) => one.username)).toEqual(['real_person']);
    expect(await server.database.db.select().from(blogPosts)).toEqual([]);
    const home = (await server.app.inject({ url: '/' })).body;
    expect(home).toContain('Real Person');
    expect(home).not.toContain('Mirage');
    expect((await server.app.inject({ url: '/blog' })).body).not.toContain('Welcome to Lunar');
  });
});
