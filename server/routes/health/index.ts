import type { FastifyPluginAsync } from 'fastify';
import { hasDiscordConnection } from '../../../core/config';
import { createSystemStateRepository } from '../../../db/repositories/system-state';
import { createReachabilityCheck } from './reachability-check';

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
  // Load balancers and uptime checks give up after a few seconds: answered well within that.
  const checkDatabase = createReachabilityCheck(() => app.database.ping());
  // The bucket, when images go to one (files under DATA_DIR always answer).
  const checkStorage = createReachabilityCheck(() => app.images.applications.check());
  const discordStatus = cacheRead(
    async () => (await systemState.discordAuth()).status,
    DISCORD_STATUS_MAX_AGE_MS,
  );

  app.get('/api/health', async (request, reply) => {
    // Never stored: each answer says how things are now.
    reply.header('cache-control', 'no-store');
    try {
      await checkDatabase();
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
    // A bucket that is down or refuses costs uploads and images, not the pages: the web stays
    // in the load balancer (200), and the answer names the part that is down.
    const storage = await checkStorage().then(
      () => 'up' as const,
      (error: unknown) => {
        request.log.warn({ err: error }, 'health check: image storage unreachable');
        return 'down' as const;
      },
    );
    // The web stays healthy while Discord refuses the token; the field tells operators why
    // nothing reaches Discord (the worker records it, in whichever process it runs), and
    // `off` when this process has no DISCORD_TOKEN, so nothing is sent at all.
    return {
      status: storage === 'up' ? 'ok' : 'degraded',
      database: 'up',
      storage,
      discord: hasDiscordConnection(app.config) ? await discordStatus() : 'off',
    };
  });
};

export default healthRoutes;
