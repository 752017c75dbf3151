import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_NEXTS } from '../../core/auth/foreign-nexts.fixture';
import { createCustomerAccountsRepository } from '../../db/repositories/customer-accounts';
import { customerAccounts, customerSessions } from '../../db/schema';
import { buildTestApp } from '../support/app';
import { continueWithDiscord } from '../support/customer';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { countRows } from '../support/rows';
import { CUSTOMER_REDIRECT_URI, type SignInDiscord, startSignInDiscord } from '../support/sign-in';
import { SITE_ORIGIN } from '../support/staff';

describe.each(DRIVERS)('customer sign-in (Continue with Discord) on %s', (driver) => {
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

  let count = 0;
  const newCustomer = () => ({
    id: String(400_000_000_000_000_000n + BigInt(++count)),
    username: `customer${count}`,
  });
  const session = (cookie = '') =>
    app.inject({ method: 'GET', url: '/api/customer/session', headers: { cookie } });

  it('signs a customer in with identify + guilds.join, PKCE, its own HttpOnly cookie', async () => {
    const customer = newCustomer();
    const flow = await continueWithDiscord(app, discord, customer, { next: '/order/banners' });

    expect(flow.start.statusCode).toBe(302);
    const authorize = new URL(String(flow.start.headers.location));
    const query = Object.fromEntries(authorize.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: discord.fake.oauth.clientId,
      scope: 'identify guilds.join',
      redirect_uri: CUSTOMER_REDIRECT_URI,
      code_challenge_method: 'S256',
    });
    expect(flow.start.cookies.find((c) => c.name === 'lunar_customer_oauth')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/auth/customer',
    });
    const exchange = discord.fake.requests.filter((r) => r.path === '/oauth2/token').at(-1)
      ?.body as Record<string, string>;
    expect(
      createHash('sha256')
        .update(exchange.code_verifier ?? '')
        .digest('base64url'),
    ).toBe(query.code_challenge);

    expect(flow.callback.statusCode).toBe(302);
    expect(flow.callback.headers.location).toBe('/order/banners');
    expect(flow.callback.cookies.find((c) => c.name === 'lunar_customer')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    // A customer is not staff: no staff cookie, and the staff API refuses the customer's.
    expect(flow.callback.cookies.some((c) => c.name === 'lunar_staff')).toBe(false);
    const cookie = flow.cookie ?? '';
    const me = await app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);

    expect((await session(cookie)).json()).toEqual({
      signedIn: true,
      available: true,
      discordId: customer.id,
      username: customer.username,
    });
    expect((await session()).json()).toEqual({ signedIn: false, available: true });
  });

  it('keeps the access token sealed, readable for the guild join with the client secret only', async () => {
    const customer = newCustomer();
    await continueWithDiscord(app, discord, customer);
    const grant = discord.fake.oauth.grants.filter((g) => g.user.id === customer.id).at(-1);
    const [row] = await database.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.discordId, customer.id));
    expect(row?.scopes).toBe('identify guilds.join');
    expect(row?.accessTokenSealed).not.toContain(grant?.accessToken ?? '?');
    expect(JSON.stringify(row)).not.toContain(grant?.refreshToken ?? '?');

    const accounts = createCustomerAccountsRepository(database.db, {
      secret: discord.env.DISCORD_CLIENT_SECRET,
    });
    const token = await accounts.accessTokenFor(customer.id);
    expect(token).toBe(grant?.accessToken);
    const wrongKey = createCustomerAccountsRepository(database.db, { secret: 'another-secret' });
    expect(await wrongKey.accessTokenFor(customer.id)).toBeNull();

    // The token does what the worker needs it for: Add Guild Member.
    const join = await fetch(
      `${discord.fake.apiUrl}/v10/guilds/${discord.fake.guild.id}/members/${customer.id}`,
      {
        method: 'PUT',
        headers: {
          authorization: `Bot ${discord.fake.botToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ access_token: token }),
      },
    );
    expect(join.status).toBe(201);

    await accounts.forgetTokens(customer.id);
    expect(await accounts.accessTokenFor(customer.id)).toBeNull();
  });

  it('sends a failed sign-in back to its page with a reason, and opens no session', async () => {
    const customer = newCustomer();
    discord.fake.oauth.denyNext();
    const denied = await continueWithDiscord(app, discord, customer, { next: '/order/emojis' });
    expect(denied.callback.headers.location).toBe('/order/emojis?signin=denied');
    expect(denied.cookie).toBeUndefined();

    discord.fake.oauth.setOutage(503);
    const down = await continueWithDiscord(app, discord, customer, { next: '/order/emojis' });
    expect(down.callback.headers.location).toBe('/order/emojis?signin=discord_down');

    discord.fake.oauth.setOutage(false);
    const flow = await continueWithDiscord(app, discord, customer);
    // A replayed callback finds no attempt cookie.
    const replay = await app.inject({
      method: 'GET',
      url: `${flow.back.pathname}${flow.back.search}`,
    });
    expect(replay.headers.location).toBe('/orders?signin=state');
    // Somewhere off-site is never where a sign-in returns to.
    const offsite = await continueWithDiscord(app, discord, customer, { next: '//evil.example/' });
    expect(offsite.callback.headers.location).toBe('/orders');
    expect(await countRows(database.db, customerSessions)).toBeGreaterThan(0);
  });

  it.each(FOREIGN_NEXTS)(
    'returns to the orders page, never off-site, for %s',
    async (_what, next) => {
      const flow = await continueWithDiscord(app, discord, newCustomer(), { next });
      expect(flow.callback.headers.location).toBe('/orders');
      expect(flow.cookie).toBeDefined();
    },
  );

  it('keeps a failed sign-in on this site for a foreign next too', async () => {
    discord.fake.oauth.denyNext();
    const denied = await continueWithDiscord(app, discord, newCustomer(), {
      next: '/.//evil.example/x',
    });
    expect(denied.callback.headers.location).toBe('/orders?signin=denied');
  });

  it('signs out on the server, and refuses a cross-site sign-out', async () => {
    const { cookie = '' } = await continueWithDiscord(app, discord, newCustomer());
    const forged = await app.inject({
      method: 'POST',
      url: '/api/customer/signout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    const noOrigin = await app.inject({
      method: 'POST',
      url: '/api/customer/signout',
      headers: { cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await session(cookie)).json().signedIn).toBe(true);
    const out = await app.inject({
      method: 'POST',
      url: '/api/customer/signout',
      headers: { cookie, origin: SITE_ORIGIN },
    });
    expect(out.statusCode).toBe(204);
    expect((await session(cookie)).json().signedIn).toBe(false);
  });
});

describe('customer sign-in without OAuth configured', () => {
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

  it('says it is off, and sends Continue with Discord back with oauth_off', async () => {
    const start = await app.inject({ method: 'GET', url: '/auth/customer?next=/order/banners' });
    expect(start.headers.location).toBe('/order/banners?signin=oauth_off');
    const answer = await app.inject({ method: 'GET', url: '/api/customer/session' });
    expect(answer.json()).toEqual({ signedIn: false, available: false });
  });
});
