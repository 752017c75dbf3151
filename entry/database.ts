import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from '../core/config';
import type { AvailabilityLog } from '../db/availability';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../db/client';

/** The empty migrated data directory that `npm run build` makes beside the compiled entry. */
export const PGLITE_TEMPLATE_DIR = 'pglite-template';

/**
 * Where the process's database is: a Postgres server (DATABASE_URL) or PGlite in DATA_DIR.
 * Compiled (dist/server/), a new DATA_DIR starts as a copy of the build's template; run from
 * the sources (tsx) there is none and PGlite runs initdb.
 */
function databaseOptions(config: Config, log?: AvailabilityLog): DatabaseOptions {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, log };
  const template = fileURLToPath(new URL(`./${PGLITE_TEMPLATE_DIR}`, import.meta.url));
  return { dataDir: config.DATA_DIR, template: existsSync(template) ? template : undefined };
}

/** The database of the process (and of the CLI scripts that share its configuration). */
export function openConfiguredDatabase(
  config: Config,
  log?: AvailabilityLog,
): Promise<DatabaseHandle> {
  return openDatabase(databaseOptions(config, log));
}
