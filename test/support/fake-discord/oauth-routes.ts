import { notFound, UNKNOWN_GUILD, unauthorized } from './errors';
import {
  ACCESS_TOKEN_TTL_S,
  type OAuthGrant,
  type OAuthUser,
  pkceChallenge,
  randomToken,
} from './oauth';
import { toApiMember, toApiUser } from './payloads';
import type { Route, RouteContext, RouteResult } from './router';
import { findMember } from './state';

// OAuth2 errors are RFC 6749 bodies ({ error, error_description }), not Discord's { code }.
const oauthError = (status: number, error: string, description?: string): RouteResult => ({
  status,
  body: description ? { error, error_description: description } : { error },
});

const invalidGrant = (field: string) =>
  oauthError(400, 'invalid_grant', `Invalid "${field}" in request.`);

// "Either HTTP Basic authentication or client_id and client_secret supplied in the form data."
function clientAuthenticated(ctx: RouteContext): boolean {
  const { oauth } = ctx.state;
  const header = String(ctx.headers.authorization ?? '');
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const split = decoded.indexOf(':');
    const id = decodeURIComponent(decoded.slice(0, split));
    const secret = decodeURIComponent(decoded.slice(split + 1));
    return id === oauth.clientId && secret === oauth.clientSecret;
  }
  return ctx.body.client_id === oauth.clientId && ctx.body.client_secret === oauth.clientSecret;
}

function issueTokens(grant: OAuthGrant): RouteResult {
  grant.accessToken = randomToken();
  grant.refreshToken = randomToken();
  grant.accessExpiresAt = Date.now() + ACCESS_TOKEN_TTL_S * 1000;
  return {
    status: 200,
    body: {
      access_token: grant.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_token: grant.refreshToken,
      scope: grant.scopes.join(' '),
    },
  };
}

function exchangeCode(ctx: RouteContext): RouteResult {
  const form = ctx.body;
  const grant = ctx.state.oauth.grants.find((item) => item.code === form.code);
  if (!grant || grant.revoked || grant.codeExpiresAt < Date.now()) return invalidGrant('code');
  if (grant.codeUsed) {
    // A code presented twice may have leaked: revoke what it was exchanged for (RFC 6749 4.1.2).
    grant.revoked = true;
    return invalidGrant('code');
  }
  if (form.redirect_uri !== grant.redirectUri) return invalidGrant('redirect_uri');
  if (grant.codeChallenge) {
    const verifier = typeof form.code_verifier === 'string' ? form.code_verifier : '';
    if (pkceChallenge(verifier) !== grant.codeChallenge) return invalidGrant('code_verifier');
  }
  grant.codeUsed = true;
  return issueTokens(grant);
}

function refresh(ctx: RouteContext): RouteResult {
  const token = ctx.body.refresh_token;
  const grant = ctx.state.oauth.grants.find((item) => item.refreshToken === token && !item.revoked);
  return grant ? issueTokens(grant) : invalidGrant('refresh_token');
}

function token(ctx: RouteContext): RouteResult {
  const form = String(ctx.headers['content-type'] ?? '').startsWith(
    'application/x-www-form-urlencoded',
  );
  // JSON is "not permitted": Discord cannot read grant_type from it.
  if (!form) return oauthError(400, 'unsupported_grant_type');
  if (!clientAuthenticated(ctx)) return oauthError(401, 'invalid_client');
  if (ctx.body.grant_type === 'authorization_code') return exchangeCode(ctx);
  if (ctx.body.grant_type === 'refresh_token') return refresh(ctx);
  return oauthError(400, 'unsupported_grant_type');
}

function revoke(ctx: RouteContext): RouteResult {
  if (!clientAuthenticated(ctx)) return oauthError(401, 'invalid_client');
  const value = ctx.body.token;
  for (const grant of ctx.state.oauth.grants) {
    if (grant.accessToken === value || grant.refreshToken === value) grant.revoked = true;
  }
  return { status: 200, body: {} };
}

function bearerGrant(ctx: RouteContext, scope: string): OAuthGrant {
  if (ctx.caller.kind !== 'bearer' || !ctx.caller.grant.scopes.includes(scope)) {
    throw unauthorized();
  }
  return ctx.caller.grant;
}

function toOAuthUser(user: OAuthUser, scopes: string[]) {
  return {
    ...toApiUser({ id: user.id, username: user.username, bot: false }),
    global_name: user.globalName ?? user.username,
    avatar: user.avatar ?? null,
    locale: user.locale ?? 'en-US',
    mfa_enabled: false,
    premium_type: 0,
    ...(scopes.includes('email')
      ? { email: user.email ?? null, verified: user.verified ?? true }
      : {}),
  };
}

export const oauthRoutes: Route[] = [
  { method: 'POST', pattern: '/oauth2/token', auth: 'none', handle: token },
  { method: 'POST', pattern: '/oauth2/token/revoke', auth: 'none', handle: revoke },
  {
    method: 'GET',
    pattern: '/users/@me',
    auth: 'bot-or-bearer',
    handle: (ctx) => {
      if (ctx.caller.kind === 'bot') {
        const bot = toApiUser(ctx.state.bot);
        return { status: 200, body: { ...bot, verified: true, mfa_enabled: false } };
      }
      const grant = bearerGrant(ctx, 'identify');
      return { status: 200, body: toOAuthUser(grant.user, grant.scopes) };
    },
  },
  {
    method: 'GET',
    pattern: '/oauth2/@me',
    auth: 'bearer',
    handle: (ctx) => {
      if (ctx.caller.kind !== 'bearer') throw unauthorized();
      const { grant } = ctx.caller;
      return {
        status: 200,
        body: {
          application: { id: ctx.state.applicationId, name: ctx.state.bot.username },
          scopes: grant.scopes,
          expires: new Date(grant.accessExpiresAt ?? 0).toISOString(),
          ...(grant.scopes.includes('identify') ? { user: toOAuthUser(grant.user, []) } : {}),
        },
      };
    },
  },
  {
    method: 'GET',
    pattern: '/users/@me/guilds/:guildId/member',
    auth: 'bearer',
    handle: (ctx) => {
      const grant = bearerGrant(ctx, 'guilds.members.read');
      const member = findMember(ctx.state, grant.user.id);
      if (ctx.params.guildId !== ctx.state.guild.id || !member) {
        throw notFound(UNKNOWN_GUILD, 'Guild');
      }
      return { status: 200, body: toApiMember(member) };
    },
  },
];
