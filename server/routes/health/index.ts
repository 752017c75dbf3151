import type { FastifyPluginAsync } from 'fastify';
import { createSystemStateRepository } from '../../../db/repositories/system-state';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async (request, reply) => {
    try {
      await app.database.ping();
      // The web stays healthy while Discord refuses the token; the field tells operators why
      // nothing reaches Discord (the worker records it, in whichever process it runs).
      const discord = await createSystemStateRepository(app.db).discordAuth();
      return { status: 'ok', database: 'up', discord: discord.status };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
  });
};

export default healthRoutes;
