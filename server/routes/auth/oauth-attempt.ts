import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config, DiscordOAuthSettings } from '../../../core/config';
import { cookieOptions } from '../../plugins/auth';

// An OAuth2 attempt in progress lives in a short-lived cookie sent only to its own routes: the
// `state` that binds Discord's answer to this browser, the PKCE verifier, and the page to
// return to. Nothing is stored on the server until the account is known. Staff sign-in and
// customer sign-in each have their own cookie and path (decisions 009 and 047).

const ATTEMPT_SECONDS = 10 * 60;

type OAuthAttempt = { state: string; verifier: string; next: string };

const randomToken = () => randomBytes(32).toString('base64url');

const sameToken = (a: string, b: string) => {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
};

export const queryText = (request: FastifyRequest, name: string): string | undefined => {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

type AttemptCookie = {
  name: string;
  /** The routes the cookie is sent to: the start and its callback. */
  path: string;
  /** `next` as it may be followed: a page of this site, else a default. */
  safeNext: (next: unknown) => string;
};

export function createOAuthAttempts(config: Config, { name, path, safeNext }: AttemptCookie) {
  const options = (maxAge?: number) => ({ ...cookieOptions(config, maxAge), path });
  const decode = (value: string | undefined): OAuthAttempt | null => {
    const [state, verifier, next, ...rest] = value?.split('.') ?? [];
    if (!state || !verifier || next === undefined || rest.length > 0) return null;
    return { state, verifier, next: safeNext(Buffer.from(next, 'base64url').toString()) };
  };

  return {
    /** Starts an attempt: sets its cookie, returns the authorize page's address. */
    start(
      reply: FastifyReply,
      oauth: DiscordOAuthSettings,
      { next, scope, redirectUri }: { next: string; scope: string; redirectUri: string },
    ): string {
      const attempt = { state: randomToken(), verifier: randomToken(), next };
      const value = [
        attempt.state,
        attempt.verifier,
        Buffer.from(attempt.next).toString('base64url'),
      ].join('.');
      reply.setCookie(name, value, options(ATTEMPT_SECONDS));
      const authorize = new URL(oauth.authorizeUrl);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: oauth.clientId,
        scope,
        redirect_uri: redirectUri,
        state: attempt.state,
        code_challenge: createHash('sha256').update(attempt.verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      return authorize.href;
    },

    /**
     * The attempt this callback belongs to, spent: one attempt, one callback (a replayed
     * callback URL finds no cookie). `matches` says whether Discord's `state` is the attempt's.
     */
    take(
      request: FastifyRequest,
      reply: FastifyReply,
    ): { attempt: OAuthAttempt | null; matches: boolean } {
      const attempt = decode(request.cookies[name]);
      reply.clearCookie(name, options());
      const state = queryText(request, 'state');
      return { attempt, matches: Boolean(attempt && state && sameToken(state, attempt.state)) };
    },
  };
}
