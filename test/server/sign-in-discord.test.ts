import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_NEXTS } from '../../core/auth/foreign-nexts.fixture';
import { createPeopleRepository } from '../../db/repositories/people';
import { createSignInLink } from '../../db/repositories/sign-in-links';
import { sessions, staffUsers } from '../../db/schema';
import { buildTestApp, freshIp } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { countRows } from '../support/rows';
import {
  cookieSet,
  REDIRECT_URI,
  type SignInDiscord,
  signInWithDiscord,
  startSignInDiscord,
} from '../support/sign-in';

describe.each(DRIVERS)('sign in with Discord on %s', (driver) => {
  let discord: SignInDiscord;
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    discord = await startSignInDiscord();
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { env: discord.env });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await discord?.fake.close();
  });
  afterEach(() => discord.fake.oauth.setOutage(false));

  const me = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } });
  const memberRow = async (discordId: string) =>
    (await database.db.select().from(staffUsers).where(eq(staffUsers.discordId, discordId)))[0];
  const tokenRequests = () =>
    discord.fake.requests.filter((request) => request.path === '/oauth2/token');

  it('signs a lead in: state and PKCE to Discord, a staff cookie, back to the page asked for', async () => {
    const lead = discord.addMember(['lead'], 'nova');
    const flow = await signInWithDiscord(app, discord, lead, { next: '/dashboard/orders?x=1' });

    expect(flow.start.statusCode).toBe(302);
    const authorize = new URL(String(flow.start.headers.location));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(
      `${discord.fake.oauthUrl}/oauth2/authorize`,
    );
    const query = Object.fromEntries(authorize.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: discord.fake.oauth.clientId,
      scope: 'identify',
      redirect_uri: REDIRECT_URI,
      code_challenge_method: 'S256',
    });
    expect(query.state).toMatch(/^[\w-]{43}$/);
    const attempt = flow.start.cookies.find((cookie) => cookie.name === 'lunar_oauth');
    expect(attempt).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/discord' });
    // The state and the verifier travel in the cookie only, never in the page's address.
    expect(flow.start.headers['cache-control']).toBe('no-store');

    expect(flow.callback.statusCode).toBe(302);
    expect(flow.callback.headers.location).toBe('/dashboard/orders?x=1');
    const session = flow.callback.cookies.find((cookie) => cookie.name === 'lunar_staff');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The attempt is spent: its cookie is cleared.
    expect(flow.callback.cookies.find((cookie) => cookie.name === 'lunar_oauth')?.value).toBe('');

    // PKCE: the token exchange sent the verifier whose S256 is the challenge Discord saw.
    const exchange = tokenRequests().at(-1)?.body as Record<string, string>;
    expect(
      createHash('sha256')
        .update(exchange.code_verifier ?? '')
        .digest('base64url'),
    ).toBe(query.code_challenge);
    expect(exchange.redirect_uri).toBe(REDIRECT_URI);

    const identity = await me(`lunar_staff=${session?.value}`);
    expect(identity.statusCode).toBe(200);
    expect(identity.json()).toMatchObject({
      username: 'nova',
      roles: ['lead'],
      rights: ['blog:edit'],
    });
    const row = await memberRow(lead.id);
    expect(row).toMatchObject({ username: 'nova', roles: ['lead'] });
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('remembers the member as Discord names them, for names in the dashboard', async () => {
    const lead = discord.addMember(['lead'], 'orbit.lead', {
      globalName: 'Orbit',
      nick: 'Orbit (Lead)',
    });
    await signInWithDiscord(app, discord, lead);
    const [person] = await createPeopleRepository(database.db).find([lead.id]);
    expect(person).toMatchObject({ username: 'orbit.lead', nick: 'Orbit (Lead)' });
    expect((await createPeopleRepository(database.db).nameOf([lead.id])).get(lead.id)).toBe(
      'Orbit (Lead)',
    );
  });

  it('maps every configured Discord role: a designer who verifies payments gets both', async () => {
    const both = discord.addMember(['designer', 'payment_verifier']);
    const { callback } = await signInWithDiscord(app, discord, both);
    expect(callback.headers.location).toBe('/dashboard');
    const identity = await me(cookieSet(callback, 'lunar_staff') ?? '');
    expect(identity.json().roles).toEqual(['designer', 'payment_verifier']);
  });

  it('refuses a callback whose state is not this browser’s attempt: error=state, no session', async () => {
    const lead = discord.addMember(['lead']);
    discord.fake.oauth.nextUser = lead;
    const sessionsBefore = await countRows(database.db, sessions);
    const exchangesBefore = tokenRequests().length;

    const start = await app.inject({ method: 'GET', url: '/auth/discord?next=/staff/x' });
    const attemptCookie = cookieSet(start, 'lunar_oauth') ?? '';
    const back = new URL(
      (await fetch(String(start.headers.location), { redirect: 'manual' })).headers.get(
        'location',
      ) ?? '',
    );
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'attacker-state');
    const callback = (query: string, cookie?: string) =>
      app.inject({
        method: 'GET',
        url: `/auth/discord/callback?${query}`,
        headers: cookie ? { cookie } : {},
        remoteAddress: freshIp(),
      });

    const wrongState = await callback(forged.toString(), attemptCookie);
    expect(wrongState.headers.location).toBe('/signin?error=state&next=%2Fstaff%2Fx');
    // Another browser (no attempt cookie) with the right query: same answer.
    const otherBrowser = await callback(back.searchParams.toString());
    expect(otherBrowser.headers.location).toBe('/signin?error=state');
    for (const response of [wrongState, otherBrowser]) {
      expect(cookieSet(response, 'lunar_staff')).toBeUndefined();
    }
    expect(tokenRequests().length).toBe(exchangesBefore);
    expect(await countRows(database.db, sessions)).toBe(sessionsBefore);
  });

  it('answers a replayed callback (the attempt already spent) with error=state', async () => {
    const lead = discord.addMember(['lead']);
    const flow = await signInWithDiscord(app, discord, lead);
    expect(cookieSet(flow.callback, 'lunar_staff')).toBeDefined();
    const spent = cookieSet(flow.callback, 'lunar_oauth');
    const again = await app.inject({
      method: 'GET',
      url: `${flow.back.pathname}${flow.back.search}`,
      headers: spent ? { cookie: spent } : {},
    });
    expect(again.headers.location).toBe('/signin?error=state');
  });

  it('sends someone who pressed Cancel on Discord to error=denied', async () => {
    discord.fake.oauth.denyNext();
    const { back, callback } = await signInWithDiscord(app, discord, null, { next: '/staff/a' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(callback.headers.location).toBe('/signin?error=denied&next=%2Fstaff%2Fa');
    expect(cookieSet(callback, 'lunar_staff')).toBeUndefined();
  });

  it('gives a Discord user outside the studio server error=not_staff, no session, no row', async () => {
    const stranger = { id: '123456789012345678', username: 'stranger' };
    const sessionsBefore = await countRows(database.db, sessions);
    const { callback } = await signInWithDiscord(app, discord, stranger);
    expect(callback.headers.location).toBe('/signin?error=not_staff&next=%2Fdashboard');
    expect(cookieSet(callback, 'lunar_staff')).toBeUndefined();
    expect(await memberRow(stranger.id)).toBeUndefined();
    expect(await countRows(database.db, sessions)).toBe(sessionsBefore);
  });

  it('gives a server member without a staff role (a customer) error=not_staff', async () => {
    const customer = discord.addMember([]);
    const { callback } = await signInWithDiscord(app, discord, customer);
    expect(callback.headers.location).toBe('/signin?error=not_staff&next=%2Fdashboard');
    expect(cookieSet(callback, 'lunar_staff')).toBeUndefined();
    expect(await memberRow(customer.id)).toBeUndefined();
  });

  it('answers error=discord_down when Discord’s token endpoint is down', async () => {
    const lead = discord.addMember(['lead']);
    discord.fake.oauth.setOutage(503);
    const { callback } = await signInWithDiscord(app, discord, lead);
    expect(callback.headers.location).toBe('/signin?error=discord_down&next=%2Fdashboard');
    expect(cookieSet(callback, 'lunar_staff')).toBeUndefined();
    expect(await memberRow(lead.id)).toBeUndefined();
  });

  it('answers error=discord_down when the member’s roles cannot be read', async () => {
    const lead = discord.addMember(['lead']);
    discord.fake.failNext(1, { status: 503 }, { method: 'GET', path: /^\/guilds\/\d+\/members\// });
    const { callback } = await signInWithDiscord(app, discord, lead);
    expect(callback.headers.location).toBe('/signin?error=discord_down&next=%2Fdashboard');
    expect(cookieSet(callback, 'lunar_staff')).toBeUndefined();
  });

  it.each(FOREIGN_NEXTS)(
    'never redirects off the site for %s: the dashboard',
    async (_what, next) => {
      const lead = discord.addMember(['lead']);
      const { callback } = await signInWithDiscord(app, discord, lead, { next });
      expect(callback.headers.location).toBe('/dashboard');
      expect(cookieSet(callback, 'lunar_staff')).toBeDefined();
    },
  );

  it('never follows a foreign next planted in the attempt cookie', async () => {
    const lead = discord.addMember(['lead']);
    discord.fake.oauth.nextUser = lead;
    const ip = freshIp();
    const start = await app.inject({ method: 'GET', url: '/auth/discord', remoteAddress: ip });
    const [state, verifier] =
      (cookieSet(start, 'lunar_oauth') ?? '').split('=')[1]?.split('.') ?? [];
    const planted = Buffer.from('/.//evil.example').toString('base64url');
    const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') ?? REDIRECT_URI);
    const callback = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `lunar_oauth=${state}.${verifier}.${planted}` },
      remoteAddress: ip,
    });
    expect(callback.headers.location).toBe('/dashboard');
    expect(cookieSet(callback, 'lunar_staff')).toBeDefined();
  });

  it('keeps the owner role, which Discord never gives, when the owner signs in with Discord', async () => {
    const owner = discord.addMember([]);
    const link = await createSignInLink(database.db, { discordId: owner.id, roles: ['owner'] });
    expect(
      (await app.inject({ method: 'GET', url: link, remoteAddress: freshIp() })).statusCode,
    ).toBe(302);
    const { callback } = await signInWithDiscord(app, discord, owner);
    expect(callback.headers.location).toBe('/dashboard');
    expect((await me(cookieSet(callback, 'lunar_staff') ?? '')).json().roles).toEqual(['owner']);
  });

  it('says Discord sign-in is on at /api/auth/methods', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/methods' });
    expect(response.json()).toEqual({ discord: true, links: true, bot: true });
  });

  it('rate-limits callbacks per address: the 21st in ten minutes gets error=rate_limited', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 21; i++) {
      const response = await app.inject({
        method: 'GET',
        url: '/auth/discord/callback?code=x&state=y',
        remoteAddress: ip,
      });
      answers.push(response.headers.location);
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill('/signin?error=state'));
    expect(answers[20]).toBe('/signin?error=rate_limited');
  });
});

describe('without Discord sign-in configured', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('offers links only and sends /auth/discord to the sign-in page with error=oauth_off', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/methods' })).json()).toEqual({
      discord: false,
      links: true,
      bot: false,
    });
    const start = await app.inject({ method: 'GET', url: '/auth/discord?next=/staff/a' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/signin?error=oauth_off&next=%2Fstaff%2Fa');
  });
});
