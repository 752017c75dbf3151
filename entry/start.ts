import type { Logger } from 'pino';
import { startDiscordRoles } from '../bot';
import { startRetentionJob } from '../bot/retention/job';
import { type Config, hasRole, publicUrl } from '../core/config';
import { checkDataDir } from '../db/check-data-dir';
import type { Database } from '../db/client';
import { prepareImageStorage } from '../db/image-files';
import { openImageStores } from '../db/image-stores';
import { seedOnce, seedsDemo } from '../db/seed';
import { createMetrics, servesMetrics, startLocalControl, startWeb } from '../server';
import { openConfiguredDatabase } from './database';
import { createLogger } from './logger';
import { startMetricsPort } from './metrics-port';
import { startupWarnings } from './warnings';

export type RunningLunar = {
  url: string | null;
  log: Logger;
  /** The process's database, for code that runs beside it (the browser tests seed through it). */
  db: Database;
  close(): Promise<void>;
};

/**
 * Opens the database (migrated, seeded once) and starts the roles this process runs: `web`
 * from server/, `bot` and `worker` from bot/. Each part registers its own closer; `close`
 * runs them in reverse order.
 */
export async function startLunar(config: Config): Promise<RunningLunar> {
  const log = await createLogger(config);
  const closers: { name: string; close: () => Promise<void> }[] = [];
  try {
    await checkDataDir(config);
    const database = await openConfiguredDatabase(config, log);
    closers.push({ name: 'database', close: () => database.close() });
    await database.migrate();
    const seeded = await seedOnce(database.db, { demo: seedsDemo(config) });
    log.info({ driver: database.driver, seeded }, 'database ready');
    // Uploads live under DATA_DIR whichever the database (docs/decisions/015-upload-storage.md),
    // or in the bucket when one is configured (048-object-storage.md).
    const imageStores = openImageStores(config);
    closers.push({ name: 'image stores', close: async () => imageStores.close() });
    try {
      const images = await prepareImageStorage(database.db, imageStores.applications);
      if (images.moved || images.files || images.tmpFiles)
        log.info({ images }, 'image files tidied');
    } catch (error) {
      // A bucket that is down must not keep the site from starting: uploads answer 503 and
      // /api/health says so until it is back; the next start (or the daily run) tidies.
      log.error({ err: error }, `image storage (${imageStores.applications.kind}) not tidied`);
    }

    // One registry per process: the site's GET /metrics and METRICS_PORT serve the same counts.
    const metrics = createMetrics(database, { serving: servesMetrics(config) });
    let url: string | null = null;
    if (hasRole(config, 'web')) {
      const web = await startWeb(config, database, log, metrics);
      closers.push({ name: 'http', close: () => web.close() });
      url = web.url;
    }
    if (config.METRICS_PORT !== undefined) {
      const port = await startMetricsPort(
        { port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN },
        metrics,
        log,
      );
      closers.push({ name: 'metrics port', close: () => port.close() });
      log.info(`metrics on port ${port.port}, GET /metrics`);
    }

    // PGlite admits one process: `npm run login-link` asks this one while it holds DATA_DIR.
    if (database.driver === 'pglite') {
      const control = await startLocalControl({
        dataDir: config.DATA_DIR,
        db: database.db,
        siteUrl: url ?? publicUrl(config),
        log,
      });
      closers.push({ name: 'local control', close: () => control.close() });
    }

    closers.push(
      ...(await startDiscordRoles(config, { db: database.db, listen: database.listen, log })),
    );
    // The privacy policy's deletions need no Discord connection, only the worker role.
    if (hasRole(config, 'worker')) {
      const retention = startRetentionJob(database.db, {
        months: config.RETENTION_MONTHS,
        images: imageStores.applications,
        log,
      });
      closers.push({ name: 'retention job', close: () => retention.close() });
    }
    for (const warning of startupWarnings(config)) log.warn(warning);

    return {
      url,
      log,
      db: database.db,
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
