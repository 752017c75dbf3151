import type { FastifyPluginAsync } from 'fastify';
import { safeNextPath } from '../../../core/auth';
import { createSignInLinksRepository } from '../../../db/repositories/sign-in-links';
import { SIGN_IN_RATE_LIMIT, signInErrorHandler } from './rate-limit';
import { redirectToSignIn, signInMember } from './sign-in-member';

// Chat apps fetch a link to draw its preview; that fetch must not spend a single-use link.
// (The bot also sends its links with embeds suppressed.)
const LINK_PREVIEWERS =
  /discordbot|slackbot|slack-imgproxy|twitterbot|facebookexternalhit|telegrambot|whatsapp|linkedinbot|skypeuripreview|embedly|redditbot|googlebot|bingbot/i;

const PREVIEW_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Lunar staff sign-in</title></head><body>Lunar staff sign-in link.</body></html>';

/** One-time sign-in links: from /dashboard in Discord, `npm run login-link`, the owner link. */
const linkSignInRoutes: FastifyPluginAsync = async (app) => {
  const links = createSignInLinksRepository(app.db);

  app.get<{ Params: { token: string }; Querystring: { next?: unknown } }>(
    '/auth/link/:token',
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
      errorHandler: signInErrorHandler,
      // A HEAD (a link checker) must not spend the link either.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (LINK_PREVIEWERS.test(request.headers['user-agent'] ?? '')) {
        return reply.type('text/html; charset=utf-8').send(PREVIEW_PAGE);
      }
      const { token } = request.params;
      const link = /^[\w-]{43}$/.test(token) ? await links.consume(token) : null;
      if (!link) return redirectToSignIn(reply, 'link', safeNextPath(request.query.next));
      return signInMember(
        app,
        request,
        reply,
        { discordId: link.discordId, username: link.username, roles: link.roles },
        safeNextPath(link.next ?? request.query.next),
      );
    },
  );
};

export default linkSignInRoutes;
