import type { FastifyPluginAsync } from 'fastify';
import { SESSION_SCOPES, type SignInMethods, type SignInStatus } from '../../../core/auth';
import { hasDiscordConnection } from '../../../core/config';
import { cookieOptions, SESSION_COOKIES, sessionToken } from '../../plugins/auth';

const sessionRoutes: FastifyPluginAsync = async (app) => {
  /** What the web sign-in page offers. */
  app.get('/api/auth/methods', async (_request, reply): Promise<SignInMethods> => {
    reply.header('cache-control', 'no-store');
    return {
      discord: app.signInSettings.oauth !== null,
      links: true,
      bot: hasDiscordConnection(app.config),
    };
  });

  /** Who is signed in here, for the sign-in page ("You are signed in as …"). */
  app.get('/api/auth/session', async (request, reply): Promise<SignInStatus> => {
    reply.header('cache-control', 'no-store');
    const staff = (await request.getPrincipal())?.staff;
    return staff ? { signedIn: true, username: staff.username } : { signedIn: false };
  });

  // Signing out ends this browser's sessions on the server, not just its cookies: a copied
  // cookie stops working too. Both kinds, so one button leaves nothing signed in.
  app.post('/api/auth/signout', async (request, reply) => {
    for (const scope of SESSION_SCOPES) {
      const token = sessionToken(request, scope);
      if (token) await app.sessions.delete(token);
      reply.clearCookie(SESSION_COOKIES[scope], cookieOptions(app.config));
    }
    return reply.header('cache-control', 'no-store').status(204).send();
  });
};

export default sessionRoutes;
