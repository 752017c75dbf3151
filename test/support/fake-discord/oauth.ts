import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FakeState } from './state';

/** The Discord account that "signs in" on the authorize page. */
export interface OAuthUser {
  id: string;
  username: string;
  globalName?: string | null;
  avatar?: string | null;
  /** Returned by `/users/@me` only with the `email` scope. */
  email?: string | null;
  verified?: boolean;
  locale?: string;
}

export interface OAuthOptions {
  clientSecret?: string;
  /** Redirect URIs registered in the developer portal; authorize refuses any other. */
  redirectUris?: string[];
}

/** One authorization: the code, then the tokens it was exchanged for. */
export interface OAuthGrant {
  code: string;
  user: OAuthUser;
  scopes: string[];
  redirectUri: string;
  codeChallenge?: string;
  codeUsed: boolean;
  codeExpiresAt: number;
  accessToken?: string;
  refreshToken?: string;
  accessExpiresAt?: number;
  revoked: boolean;
}

export interface OAuthState {
  /** The application's client id (the bot's application id). */
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Who is signed in to Discord in "the browser"; stays until changed. */
  nextUser?: OAuthUser;
  /** The next authorize answers `error=access_denied`, as when the user clicks Cancel. */
  denyNext: boolean;
  /** While set, the token endpoint answers this status ("Discord is down"). */
  outage: false | 500 | 502 | 503;
  /** Query of every authorize request, in order. */
  authorizeRequests: Array<Record<string, string>>;
  grants: OAuthGrant[];
}

// Scopes the fake grants; others get `invalid_scope` as on Discord.
const SCOPES = new Set([
  'identify',
  'email',
  'guilds',
  'guilds.join',
  'guilds.members.read',
  'openid',
]);
const CODE_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_S = 604_800;

export function createOAuthState(clientId: string, opts: OAuthOptions): OAuthState {
  return {
    clientId,
    clientSecret: opts.clientSecret ?? randomBytes(24).toString('base64url'),
    redirectUris: opts.redirectUris ?? [],
    denyNext: false,
    outage: false,
    authorizeRequests: [],
    grants: [],
  };
}

export const randomToken = () => randomBytes(24).toString('base64url');

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function findAccessGrant(state: FakeState, token: string): OAuthGrant | undefined {
  return state.oauth.grants.find(
    (grant) =>
      !grant.revoked && grant.accessToken === token && (grant.accessExpiresAt ?? 0) > Date.now(),
  );
}

function plainText(res: ServerResponse, status: number, text: string): true {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
  return true;
}

function redirect(res: ServerResponse, target: URL): true {
  res.writeHead(302, { location: target.toString() });
  res.end();
  return true;
}

/**
 * `GET /oauth2/authorize`: where Discord would show its consent screen, the fake approves at
 * once for `oauth.nextUser` and redirects to `redirect_uri` with `code` and `state`. A bad
 * client_id or an unregistered redirect_uri gets an error page, never a redirect.
 */
export function serveAuthorize(state: FakeState, url: URL, res: ServerResponse): boolean {
  if (!/^(\/api(\/v\d+)?)?\/oauth2\/authorize$/.test(url.pathname)) return false;
  const query = Object.fromEntries(url.searchParams);
  const oauth = state.oauth;
  oauth.authorizeRequests.push(query);
  if (query.client_id !== oauth.clientId) return plainText(res, 400, 'Unknown Application');
  const redirectUri = query.redirect_uri ?? '';
  if (!oauth.redirectUris.includes(redirectUri)) {
    return plainText(res, 400, 'Invalid OAuth2 redirect_uri');
  }
  const back = new URL(redirectUri);
  if (query.state !== undefined) back.searchParams.set('state', query.state);
  const fail = (error: string, description: string) => {
    back.searchParams.set('error', error);
    back.searchParams.set('error_description', description);
    return redirect(res, back);
  };
  if (query.response_type !== 'code') {
    return fail('unsupported_response_type', 'The authorization server does not support this');
  }
  const scopes = (query.scope ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !SCOPES.has(scope))) {
    return fail('invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  }
  if (query.code_challenge && query.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256');
  }
  if (oauth.denyNext) {
    oauth.denyNext = false;
    return fail('access_denied', 'The resource owner or authorization server denied the request');
  }
  const user = oauth.nextUser;
  if (!user) return plainText(res, 400, 'fake-discord: set fake.oauth.nextUser before authorizing');
  const grant: OAuthGrant = {
    code: randomToken(),
    user,
    scopes,
    redirectUri,
    codeChallenge: query.code_challenge,
    codeUsed: false,
    codeExpiresAt: Date.now() + CODE_TTL_MS,
    revoked: false,
  };
  oauth.grants.push(grant);
  if (!state.users.has(user.id)) {
    state.users.set(user.id, { id: user.id, username: user.username, bot: false });
  }
  back.searchParams.set('code', grant.code);
  return redirect(res, back);
}
