import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, generateSnowflake, startFakeDiscord } from './index';

const REDIRECT_URI = 'http://localhost:3000/api/auth/discord/callback';

describe('OAuth2 staff sign-in', () => {
  const leadRole = generateSnowflake();
  let fake: FakeDiscord;
  let lead: { id: string; username: string };

  beforeAll(async () => {
    fake = await startFakeDiscord({
      guild: {
        roles: [{ id: leadRole, name: 'Lead Designer' }],
        members: [{ username: 'lead', roles: [leadRole] }],
      },
      oauth: { redirectUris: [REDIRECT_URI] },
    });
    lead = fake.guild.members[0]?.user ?? lead;
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.oauth.nextUser = { id: lead.id, username: lead.username, email: 'lead@example.com' };
  });

  /** What the app's sign-in route would send the browser to; `redirect: manual` plays the browser. */
  async function authorize(extra: Record<string, string> = {}) {
    const url = new URL('/oauth2/authorize', fake.oauthUrl);
    const params = {
      response_type: 'code',
      client_id: fake.oauth.clientId,
      scope: 'identify guilds.members.read',
      redirect_uri: REDIRECT_URI,
      state: 'csrf-123',
      ...extra,
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const res = await fetch(url, { redirect: 'manual' });
    const location = res.headers.get('location');
    return {
      status: res.status,
      back: location ? new URL(location) : undefined,
      text: location ? '' : await res.text(),
    };
  }

  function token(form: Record<string, string>, auth: 'basic' | 'body' | 'none' = 'basic') {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = new URLSearchParams(form);
    if (auth === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${fake.oauth.clientId}:${fake.oauth.clientSecret}`).toString('base64')}`;
    } else if (auth === 'body') {
      body.set('client_id', fake.oauth.clientId);
      body.set('client_secret', fake.oauth.clientSecret);
    }
    return fetch(`${fake.apiUrl}/v10/oauth2/token`, { method: 'POST', headers, body });
  }

  const api = (path: string, authorization: string) =>
    fetch(`${fake.apiUrl}/v10${path}`, { headers: { authorization } });

  const codeFrom = async (extra: Record<string, string> = {}) =>
    (await authorize(extra)).back?.searchParams.get('code') ?? '';

  it('signs a staff member in with PKCE: code, token, identity and guild roles', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const { status, back } = await authorize({
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(status).toBe(302);
    expect(`${back?.origin}${back?.pathname}`).toBe(REDIRECT_URI);
    expect(back?.searchParams.get('state')).toBe('csrf-123');
    const code = back?.searchParams.get('code') ?? '';
    const exchange = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    };
    const res = await token(exchange);
    const grant = await res.json();
    expect([res.status, grant]).toEqual([
      200,
      {
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: expect.any(String),
        scope: 'identify guilds.members.read',
      },
    ]);
    const me = await api('/users/@me', `Bearer ${grant.access_token}`);
    expect(await me.json()).toMatchObject({
      id: lead.id,
      username: lead.username,
      global_name: lead.username,
    });
    const member = await api(
      `/users/@me/guilds/${fake.guild.id}/member`,
      `Bearer ${grant.access_token}`,
    );
    expect((await member.json()).roles).toEqual([leadRole]);
    // The code is single-use; presenting it again also revokes what it was exchanged for.
    const again = await token(exchange);
    expect([again.status, await again.json()]).toEqual([
      400,
      { error: 'invalid_grant', error_description: 'Invalid "code" in request.' },
    ]);
    expect((await api('/users/@me', `Bearer ${grant.access_token}`)).status).toBe(401);
  });

  it('refuses a wrong redirect_uri, a wrong PKCE verifier, and bad client credentials', async () => {
    const challenge = createHash('sha256').update('right').digest('base64url');
    const pkceCode = await codeFrom({ code_challenge: challenge, code_challenge_method: 'S256' });
    const exchange = {
      grant_type: 'authorization_code',
      code: pkceCode,
      redirect_uri: REDIRECT_URI,
    };
    const errorOf = async (res: Response) => {
      const body = await res.json();
      return [res.status, body.error_description ?? body.error];
    };
    expect(
      await errorOf(await token({ ...exchange, redirect_uri: 'http://localhost:3000/' })),
    ).toEqual([400, 'Invalid "redirect_uri" in request.']);
    expect(await errorOf(await token({ ...exchange, code_verifier: 'wrong' }))).toEqual([
      400,
      'Invalid "code_verifier" in request.',
    ]);
    expect(await errorOf(await token(exchange))).toEqual([
      400,
      'Invalid "code_verifier" in request.',
    ]);
    const bad = await token(exchange, 'none');
    expect([bad.status, await bad.json()]).toEqual([401, { error: 'invalid_client' }]);
    const plainCode = await codeFrom();
    const viaBody = await token(
      { grant_type: 'authorization_code', code: plainCode, redirect_uri: REDIRECT_URI },
      'body',
    );
    expect(viaBody.status).toBe(200);
    const json = await fetch(`${fake.apiUrl}/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code' }),
    });
    expect([json.status, await json.json()]).toEqual([400, { error: 'unsupported_grant_type' }]);
  });

  it('redirects back with an error for a cancelled sign-in or a bad scope, never to an unknown URI', async () => {
    fake.oauth.denyNext();
    const denied = await authorize();
    expect(Object.fromEntries(denied.back?.searchParams ?? [])).toMatchObject({
      error: 'access_denied',
      state: 'csrf-123',
    });
    expect(denied.back?.searchParams.has('code')).toBe(false);
    const scope = await authorize({ scope: 'identify bot.admin' });
    expect(scope.back?.searchParams.get('error')).toBe('invalid_scope');
    const unknownUri = await authorize({ redirect_uri: 'https://evil.example/cb' });
    expect([unknownUri.status, unknownUri.back, unknownUri.text]).toEqual([
      400,
      undefined,
      'Invalid OAuth2 redirect_uri',
    ]);
    fake.oauth.nextUser = undefined;
    expect((await authorize()).status).toBe(400);
    expect(fake.oauth.authorizeRequests.at(-1)).toMatchObject({
      client_id: fake.oauth.clientId,
      state: 'csrf-123',
    });
  });

  it('keeps bearer and bot tokens apart', async () => {
    const code = await codeFrom({ scope: 'identify' });
    const { access_token: access } = await (
      await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI })
    ).json();
    expect((await api('/users/@me', 'Bearer nope')).status).toBe(401);
    expect((await api(`/guilds/${fake.guild.id}`, `Bearer ${access}`)).status).toBe(401);
    // Without guilds.members.read the member route is closed to this token.
    expect(
      (await api(`/users/@me/guilds/${fake.guild.id}/member`, `Bearer ${access}`)).status,
    ).toBe(401);
    const bot = await api('/users/@me', `Bot ${fake.botToken}`);
    expect((await bot.json()).id).toBe(fake.bot.id);
  });

  it('fails the token endpoint while Discord is down, then recovers; refresh rotates tokens', async () => {
    const code = await codeFrom();
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI };
    fake.oauth.setOutage(503);
    expect((await token(exchange)).status).toBe(503);
    fake.oauth.setOutage(false);
    fake.failNext(1, { status: 500 }, { path: /^\/oauth2\/token$/ });
    expect((await token(exchange)).status).toBe(500);
    expect(
      fake.requests
        .filter((r) => r.path === '/oauth2/token')
        .slice(-2)
        .map((r) => r.status),
    ).toEqual([503, 500]);
    const first = await (await token(exchange)).json();
    const refreshed = await (
      await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json();
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect((await api('/users/@me', `Bearer ${first.access_token}`)).status).toBe(401);
    expect((await api('/users/@me', `Bearer ${refreshed.access_token}`)).status).toBe(200);
  });
});

describe('OAuth2 guilds.join: Add Guild Member', () => {
  const REDIRECT = 'http://localhost:3000/auth/customer/callback';
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord({ guild: { members: [] }, oauth: { redirectUris: [REDIRECT] } });
  });
  afterAll(() => fake?.close());

  async function accessToken(user: { id: string; username: string }, scope: string) {
    fake.oauth.nextUser = user;
    const url = new URL('/oauth2/authorize', fake.oauthUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: fake.oauth.clientId,
      scope,
      redirect_uri: REDIRECT,
    }).toString();
    const back = new URL(
      (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? REDIRECT,
    );
    const res = await fetch(`${fake.apiUrl}/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT,
        client_id: fake.oauth.clientId,
        client_secret: fake.oauth.clientSecret,
      }),
    });
    return (await res.json()).access_token as string;
  }

  const join = (userId: string, body: unknown, auth = `Bot ${fake.botToken}`) =>
    fetch(`${fake.apiUrl}/v10/guilds/${fake.guild.id}/members/${userId}`, {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('adds the user once (201, then 204), and refuses tokens that may not', async () => {
    const customer = { id: generateSnowflake(), username: 'customer' };
    const other = { id: generateSnowflake(), username: 'other' };
    const token = await accessToken(customer, 'identify guilds.join');
    const identifyOnly = await accessToken(customer, 'identify');
    const othersToken = await accessToken(other, 'identify guilds.join');

    const refusals = await Promise.all([
      join(customer.id, { access_token: identifyOnly }),
      join(customer.id, { access_token: othersToken }),
      join(customer.id, { access_token: 'made-up' }),
    ]);
    for (const res of refusals) {
      expect([res.status, (await res.json()).code]).toEqual([403, 50025]);
    }
    expect((await join(customer.id, {})).status).toBe(400);
    expect((await join(customer.id, { access_token: token }, `Bearer ${token}`)).status).toBe(401);
    expect(fake.guild.members.some((member) => member.user.id === customer.id)).toBe(false);

    const added = await join(customer.id, { access_token: token });
    expect(added.status).toBe(201);
    expect((await added.json()).user).toMatchObject({ id: customer.id, username: 'customer' });
    const again = await join(customer.id, { access_token: token });
    expect(again.status).toBe(204);
    expect(fake.guild.members.filter((member) => member.user.id === customer.id)).toHaveLength(1);
  });

  it('refuses to add a user banned from the guild (403 40007) or in 100 servers (400 30001)', async () => {
    const banned = { id: generateSnowflake(), username: 'banned' };
    const busy = { id: generateSnowflake(), username: 'busy' };
    fake.refuseJoin(banned.id, 'banned');
    fake.refuseJoin(busy.id, 'max_guilds');
    const bannedJoin = await join(banned.id, {
      access_token: await accessToken(banned, 'identify guilds.join'),
    });
    expect([bannedJoin.status, (await bannedJoin.json()).code]).toEqual([403, 40007]);
    const busyToken = await accessToken(busy, 'identify guilds.join');
    const busyJoin = await join(busy.id, { access_token: busyToken });
    expect([busyJoin.status, (await busyJoin.json()).code]).toEqual([400, 30001]);
    expect(fake.guild.members.some((m) => [banned.id, busy.id].includes(m.user.id))).toBe(false);
    // Left a server: the join goes through.
    fake.refuseJoin(busy.id, null);
    expect((await join(busy.id, { access_token: busyToken })).status).toBe(201);
  });
});
