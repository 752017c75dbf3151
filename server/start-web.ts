import { resolve } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { type Config, publicUrl } from '../core/config';
import type { DatabaseHandle } from '../db/client';
import { app } from './app';
import { announceOwnerLink } from './owner-link';
import { serverOptions } from './server-options';

export type RunningWeb = { url: string; close(): Promise<void> };

/** The `web` role: the app with the built site, listening on HOST:PORT. */
export async function startWeb(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<RunningWeb> {
  const server = Fastify({ ...serverOptions(config), loggerInstance: log });
  try {
    await server.register(app, { config, database, webDistDir: resolve(config.WEB_DIST_DIR) });
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
  return { url: publicUrl({ ...config, PORT: port }), close: () => server.close() };
}
