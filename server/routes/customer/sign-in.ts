import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  CUSTOMER_CALLBACK_PATH,
  CUSTOMER_OAUTH_SCOPES,
  CUSTOMER_ORDERS_PATH,
  CUSTOMER_SESSION_POLICY,
  CUSTOMER_SIGN_IN_PATH,
  type CustomerSignInError,
  safeCustomerNextPath,
  withSignInError,
} from '../../../core/auth';
import { publicUrl } from '../../../core/config';
import { createPeopleRepository } from '../../../db/repositories/people';
import {
  DiscordRefusedError,
  DiscordUnavailableError,
  exchangeOAuthCode,
  fetchOAuthUser,
} from '../../discord-rest';
import { cookieOptions } from '../../plugins/auth';
import { CUSTOMER_COOKIE, customerToken } from '../../plugins/customer-auth';
import { createOAuthAttempts, queryText } from '../auth/oauth-attempt';
import { SIGN_IN_RATE_LIMIT } from '../auth/rate-limit';

function backWithError(reply: FastifyReply, next: string | undefined, error: CustomerSignInError) {
  return reply
    .header('cache-control', 'no-store')
    .redirect(withSignInError(next ?? CUSTOMER_ORDERS_PATH, error));
}

/**
 * "Continue with Discord" for customers (decision 047): authorization code with PKCE, scopes
 * `identify guilds.join`, its own attempt cookie and its own session cookie. A customer session
 * proves a Discord account; it never opens a staff page.
 */
const customerSignInRoutes: FastifyPluginAsync = async (app) => {
  const settings = app.customerSignIn;
  const redirectUri = new URL(CUSTOMER_CALLBACK_PATH, publicUrl(app.config)).href;
  const people = createPeopleRepository(app.db);
  const attempts = createOAuthAttempts(app.config, {
    name: 'lunar_customer_oauth',
    path: CUSTOMER_SIGN_IN_PATH,
    safeNext: safeCustomerNextPath,
  });

  app.get(CUSTOMER_SIGN_IN_PATH, async (request, reply) => {
    const next = safeCustomerNextPath(queryText(request, 'next'));
    if (!settings) return backWithError(reply, next, 'oauth_off');
    const authorize = attempts.start(reply, settings.oauth, {
      next,
      scope: CUSTOMER_OAUTH_SCOPES.join(' '),
      redirectUri,
    });
    return reply.header('cache-control', 'no-store').redirect(authorize);
  });

  app.get(
    CUSTOMER_CALLBACK_PATH,
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      // A navigation: the limiter's refusal is a page with its message, not JSON.
      errorHandler: (error: FastifyError, _request, reply) => {
        if (error.statusCode === 429) return backWithError(reply, undefined, 'rate_limited');
        throw error;
      },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const { attempt, matches } = attempts.take(request, reply);
      const next = attempt?.next;
      if (!settings) return backWithError(reply, next, 'oauth_off');
      if (!attempt || !matches) return backWithError(reply, next, 'state');
      if (queryText(request, 'error') !== undefined) return backWithError(reply, next, 'denied');
      const code = queryText(request, 'code');
      if (!code) return backWithError(reply, next, 'state');

      let signedIn: { discordId: string; username: string };
      try {
        const grant = await exchangeOAuthCode(settings.oauth, {
          code,
          redirectUri,
          codeVerifier: attempt.verifier,
        });
        // Without guilds.join the bot could not add them to the server their ticket is in.
        if (!grant.scopes.includes('guilds.join')) return backWithError(reply, next, 'scope');
        const user = await fetchOAuthUser(settings.oauth, grant.accessToken);
        signedIn = { discordId: user.id, username: user.username };
        await app.customers.signedIn(signedIn, grant);
        if (user.person) await people.remember([user.person]);
      } catch (error) {
        if (error instanceof DiscordRefusedError) {
          request.log.info({ err: error }, 'Discord refused a customer sign-in');
          return backWithError(reply, next, 'state');
        }
        if (error instanceof DiscordUnavailableError) {
          request.log.warn({ err: error }, 'Discord unavailable during a customer sign-in');
          return backWithError(reply, next, 'discord_down');
        }
        throw error;
      }

      // A fresh token at each sign-in: a session id planted in this browser before is dropped.
      const previous = customerToken(request);
      if (previous) await app.customers.deleteSession(previous);
      const { token } = await app.customers.createSession(signedIn.discordId);
      const maxAge = Math.floor(CUSTOMER_SESSION_POLICY.lifetimeMs / 1000);
      reply.setCookie(CUSTOMER_COOKIE, token, cookieOptions(app.config, maxAge));
      return reply.header('cache-control', 'no-store').redirect(attempt.next);
    },
  );
};

export default customerSignInRoutes;
