import type { FastifyPluginAsync } from 'fastify';
import { createSystemStateRepository } from '../../../db/repositories/system-state';

// Load balancers and uptime checks give up after a few seconds: answer well within that.
const PING_TIMEOUT_MS = 800;

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)),
            PING_TIMEOUT_MS,
          );
        }),
      ]);
      // The web stays healthy while Discord refuses the token; the field tells operators why
      // nothing reaches Discord (the worker records it, in whichever process it runs).
      const discord = await createSystemStateRepository(app.db).discordAuth();
      return { status: 'ok', database: 'up', discord: discord.status };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    } finally {
      clearTimeout(timer);
    }
  });
};

export default healthRoutes;
