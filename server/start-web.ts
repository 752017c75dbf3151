import { resolve } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type Config, publicUrl } from '../core/config';
import type { DatabaseHandle } from '../db/client';
import { app } from './app';
import type { Metrics } from './metrics/registry';
import { announceOwnerLink } from './owner-link';
import { serverOptions } from './server-options';

type RunningWeb = {
  url: string;
  close(): Promise<void>;
};

/** How long a stop waits for requests in flight (a slow upload) before cutting them off. */
const DRAIN_MS = 10_000;

/**
 * The `web` role: the app with the built site, listening on HOST:PORT, counting in the
 * process's `metrics`.
 */
export async function startWeb(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  metrics: Metrics,
): Promise<RunningWeb> {
  const server = Fastify({ ...serverOptions(config), loggerInstance: log });
  try {
    await server.register(app, {
      config,
      database,
      webDistDir: resolve(config.WEB_DIST_DIR),
      metrics,
    });
    await server.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // On a first start with nobody to sign in as, a one-time owner link (docs/decisions/009).
  await announceOwnerLink({ ...config, PORT: port }, database.db, {
    info: (message) => log.info(message),
  }).catch((error) => log.warn({ err: error }, 'could not make the owner sign-in link'));
  return {
    url: publicUrl({ ...config, PORT: port }),
    close: () => drainAndClose(server, log),
  };
}

/**
 * A stop under load: Fastify stops accepting connections, closes idle kept-alive ones, answers
 * requests that still arrive on busy ones 503 with `Connection: close`, and waits for those in
 * flight; after DRAIN_MS whatever is left is cut off, so a stalled client cannot hold the stop.
 */
async function drainAndClose(server: FastifyInstance, log: FastifyBaseLogger): Promise<void> {
  const cutOff = setTimeout(() => {
    log.warn(`requests still running after ${DRAIN_MS / 1000} s of shutdown: closing them`);
    server.server.closeAllConnections();
  }, DRAIN_MS);
  try {
    const closed = server.close();
    // Fastify closes the listening socket a few ticks later; say so once it has.
    while (server.server.listening) await new Promise((next) => setImmediate(next));
    log.info('draining: new connections are refused, requests in flight finish');
    await closed;
  } finally {
    clearTimeout(cutOff);
  }
}
