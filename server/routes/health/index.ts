import type { FastifyPluginAsync } from 'fastify';
import { createSystemStateRepository } from '../../../db/repositories/system-state';

// Load balancers and uptime checks give up after a few seconds: answer well within that.
const PING_TIMEOUT_MS = 800;
// How old the Discord status shown may be.
const DISCORD_STATUS_MAX_AGE_MS = 1000;

/**
 * The last value read, read again in the background once older than `maxAgeMs`: a health
 * check never waits for a read queued behind a burst of writes (PGlite runs one query at a
 * time), only the first one does.
 */
function cacheRead<T>(read: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  let last: { value: T; readAt: number } | null = null;
  let reading: Promise<T> | null = null;
  const refresh = () => {
    reading ??= read()
      .then((value) => {
        last = { value, readAt: Date.now() };
        return value;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  return async () => {
    if (!last) return refresh();
    if (Date.now() - last.readAt > maxAgeMs) refresh().catch(() => {});
    return last.value;
  };
}

const healthRoutes: FastifyPluginAsync = async (app) => {
  const systemState = createSystemStateRepository(app.db);
  const discordStatus = cacheRead(
    async () => (await systemState.discordAuth()).status,
    DISCORD_STATUS_MAX_AGE_MS,
  );

  app.get('/api/health', async (request, reply) => {
    // A probe must see the process as it is now, never a copy a proxy kept.
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      // On PGlite the ping runs ahead of queued queries (db/pglite-worker.ts).
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
      return { status: 'ok', database: 'up', discord: await discordStatus() };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    } finally {
      clearTimeout(timer);
    }
  });
};

export default healthRoutes;
