import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { safeNextPath } from '../../../core/auth';
import { publicUrl } from '../../../core/config';
import {
  DiscordRefusedError,
  DiscordUnavailableError,
  exchangeOAuthCode,
  fetchOAuthUser,
} from '../../discord-rest';
import { cookieOptions } from '../../plugins/auth';
import { readDiscordStaffRoles } from '../../staff-roles';
import { SIGN_IN_RATE_LIMIT, signInErrorHandler } from './rate-limit';
import { redirectToSignIn, signInMember } from './sign-in-member';

// The OAuth2 attempt in progress lives in a short-lived cookie sent only to these routes: the
// `state` that binds Discord's answer to this browser, the PKCE verifier, and the page to
// return to. Nothing is stored on the server until the member is known.
const ATTEMPT_COOKIE = 'lunar_oauth';
const ATTEMPT_PATH = '/auth/discord';
const ATTEMPT_SECONDS = 10 * 60;

type Attempt = { state: string; verifier: string; next: string };

const randomToken = () => randomBytes(32).toString('base64url');

function encodeAttempt({ state, verifier, next }: Attempt): string {
  return [state, verifier, Buffer.from(next).toString('base64url')].join('.');
}

function decodeAttempt(value: string | undefined): Attempt | null {
  const [state, verifier, next, ...rest] = value?.split('.') ?? [];
  if (!state || !verifier || next === undefined || rest.length > 0) return null;
  return { state, verifier, next: safeNextPath(Buffer.from(next, 'base64url').toString()) };
}

const sameToken = (a: string, b: string) => {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
};

const queryText = (request: FastifyRequest, name: string): string | undefined => {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

/** "Sign in with Discord": authorization code with PKCE, scope `identify` (DESIGN.md decision 7). */
const discordSignInRoutes: FastifyPluginAsync = async (app) => {
  const { oauth, roleSource } = app.signInSettings;
  const redirectUri = new URL('/auth/discord/callback', publicUrl(app.config)).href;
  const attemptCookie = (maxAge?: number) => ({
    ...cookieOptions(app.config, maxAge),
    path: ATTEMPT_PATH,
  });

  app.get('/auth/discord', async (request, reply) => {
    const next = safeNextPath(queryText(request, 'next'));
    if (!oauth) return redirectToSignIn(reply, 'oauth_off', next);
    const attempt = { state: randomToken(), verifier: randomToken(), next };
    reply.setCookie(ATTEMPT_COOKIE, encodeAttempt(attempt), attemptCookie(ATTEMPT_SECONDS));
    const authorize = new URL(oauth.authorizeUrl);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: oauth.clientId,
      scope: 'identify',
      redirect_uri: redirectUri,
      state: attempt.state,
      code_challenge: createHash('sha256').update(attempt.verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return reply.header('cache-control', 'no-store').redirect(authorize.href);
  });

  app.get(
    '/auth/discord/callback',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      errorHandler: signInErrorHandler,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const attempt = decodeAttempt(request.cookies[ATTEMPT_COOKIE]);
      // One attempt, one callback: a replayed callback URL finds no cookie.
      reply.clearCookie(ATTEMPT_COOKIE, attemptCookie());
      const next = attempt?.next;
      if (!oauth || !roleSource) return redirectToSignIn(reply, 'oauth_off', next);
      const state = queryText(request, 'state');
      if (!attempt || !state || !sameToken(state, attempt.state)) {
        return redirectToSignIn(reply, 'state', next);
      }
      if (queryText(request, 'error') !== undefined) return redirectToSignIn(reply, 'denied', next);
      const code = queryText(request, 'code');
      if (!code) return redirectToSignIn(reply, 'state', next);

      let signingIn: Parameters<typeof signInMember>[3];
      try {
        const accessToken = await exchangeOAuthCode(oauth, {
          code,
          redirectUri,
          codeVerifier: attempt.verifier,
        });
        const user = await fetchOAuthUser(oauth, accessToken);
        const { roles, person } = await readDiscordStaffRoles(roleSource, user.id);
        signingIn = {
          discordId: user.id,
          username: user.username,
          roles,
          people: [user.person, person],
        };
      } catch (error) {
        if (error instanceof DiscordRefusedError) {
          request.log.info({ err: error }, 'Discord refused the sign-in');
          return redirectToSignIn(reply, 'state', next);
        }
        if (error instanceof DiscordUnavailableError) {
          request.log.warn({ err: error }, 'Discord unavailable during sign-in');
          return redirectToSignIn(reply, 'discord_down', next);
        }
        throw error;
      }
      return signInMember(app, request, reply, signingIn, attempt.next);
    },
  );
};

export default discordSignInRoutes;
