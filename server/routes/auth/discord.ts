import type { FastifyPluginAsync } from 'fastify';
import { safeNextPath } from '../../../core/auth';
import { publicUrl } from '../../../core/config';
import {
  DiscordRefusedError,
  DiscordUnavailableError,
  exchangeOAuthCode,
  fetchOAuthUser,
} from '../../discord-rest';
import { readDiscordStaffRoles } from '../../staff-roles';
import { createOAuthAttempts, queryText } from './oauth-attempt';
import { SIGN_IN_RATE_LIMIT, signInErrorHandler } from './rate-limit';
import { redirectToSignIn, signInMember } from './sign-in-member';

/** "Sign in with Discord": authorization code with PKCE, scope `identify` (DESIGN.md decision 7). */
const discordSignInRoutes: FastifyPluginAsync = async (app) => {
  const { oauth, roleSource } = app.signInSettings;
  const redirectUri = new URL('/auth/discord/callback', publicUrl(app.config)).href;
  const attempts = createOAuthAttempts(app.config, {
    name: 'lunar_oauth',
    path: '/auth/discord',
    safeNext: safeNextPath,
  });

  app.get('/auth/discord', async (request, reply) => {
    const next = safeNextPath(queryText(request, 'next'));
    if (!oauth) return redirectToSignIn(reply, 'oauth_off', next);
    const authorize = attempts.start(reply, oauth, { next, scope: 'identify', redirectUri });
    return reply.header('cache-control', 'no-store').redirect(authorize);
  });

  app.get(
    '/auth/discord/callback',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      errorHandler: signInErrorHandler,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const { attempt, matches } = attempts.take(request, reply);
      const next = attempt?.next;
      if (!oauth || !roleSource) return redirectToSignIn(reply, 'oauth_off', next);
      if (!attempt || !matches) return redirectToSignIn(reply, 'state', next);
      if (queryText(request, 'error') !== undefined) return redirectToSignIn(reply, 'denied', next);
      const code = queryText(request, 'code');
      if (!code) return redirectToSignIn(reply, 'state', next);

      let signingIn: Parameters<typeof signInMember>[3];
      try {
        const { accessToken } = await exchangeOAuthCode(oauth, {
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
