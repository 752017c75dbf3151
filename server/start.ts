import { resolve } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { type Config, hasRole, publicUrl } from '../core/config';
import { openDatabase } from '../db/client';
import { seedOnce } from '../db/seed';
import { app } from './app';
import { startLocalControl } from './local-control';
import { announceOwnerLink } from './owner-link';
import { serverOptions } from './server-options';

export type RunningLunar = {
  url: string | null;
  log: FastifyBaseLogger;
  close(): Promise<void>;
};

/**
 * Opens the database (migrated, seeded once) and starts the roles this process runs.
 * Each part registers its own closer; `close` runs them in reverse order.
 */
export async function startLunar(config: Config): Promise<RunningLunar> {
  const server = Fastify(serverOptions(config));
  const log = server.log;
  const closers: { name: string; close: () => Promise<void> }[] = [];

  try {
    const database = await openDatabase(
      config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
    );
    closers.push({ name: 'database', close: () => database.close() });
    await database.migrate();
    const seeded = await seedOnce(database.db);
    log.info({ driver: database.driver, seeded }, 'database ready');

    if (hasRole(config, 'bot') && !config.DISCORD_TOKEN) {
      log.warn('Discord bot is off: DISCORD_TOKEN is not set. Deliveries wait in the outbox.');
    }

    let url: string | null = null;
    if (hasRole(config, 'web')) {
      await server.register(app, { config, database, webDistDir: resolve(config.WEB_DIST_DIR) });
      closers.push({ name: 'http', close: () => server.close() });
      await server.listen({ port: config.PORT, host: config.HOST });
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : config.PORT;
      url = publicUrl({ ...config, PORT: port });
      // Sign-in (decision 7): the entry refactor moves this call with the web role's start.
      await announceOwnerLink({ ...config, PORT: port }, database.db, {
        info: (message) => log.info(message),
      }).catch((error) => log.warn({ err: error }, 'could not make the owner sign-in link'));
    }

    // `npm run login-link` asks this process while it holds the embedded database.
    if (database.driver === 'pglite') {
      const control = await startLocalControl({
        dataDir: config.DATA_DIR,
        db: database.db,
        siteUrl: url ?? publicUrl(config),
        log,
      });
      closers.push({ name: 'local control', close: () => control.close() });
    }

    // Loaded only when needed: without a token, or in a web-only process, discord.js (tens of
    // MB) is never loaded.
    if (config.DISCORD_TOKEN && (hasRole(config, 'bot') || hasRole(config, 'worker'))) {
      const { startDiscordRoles } = await import('../bot/start-roles');
      closers.push(...(await startDiscordRoles(config, { db: database.db, log })));
    }

    return {
      url,
      log,
      async close() {
        for (const closer of closers.reverse()) {
          try {
            await closer.close();
          } catch (error) {
            log.error({ err: error }, `closing ${closer.name} failed`);
          }
        }
      },
    };
  } catch (error) {
    for (const closer of closers.reverse()) await closer.close().catch(() => {});
    throw error;
  }
}
