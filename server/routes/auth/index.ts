import type { FastifyPluginAsync } from 'fastify';
import discordSignInRoutes from './discord';
import linkSignInRoutes from './link';
import sessionRoutes from './session';

/** Staff sign-in (DESIGN.md decision 7): Discord OAuth2, one-time links, sign-out, the methods on offer. */
const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(discordSignInRoutes);
  await app.register(linkSignInRoutes);
  await app.register(sessionRoutes);
};

export default authRoutes;
