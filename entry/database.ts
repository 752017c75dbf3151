import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from '../core/config';
import type { AvailabilityLog } from '../db/availability';
import type { DatabaseOptions } from '../db/client';

/** The empty migrated database that `npm run build` dumps beside the compiled entry. */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/**
 * Where the process's database is: a Postgres server (DATABASE_URL) or PGlite in DATA_DIR.
 * Compiled (dist/server/), a new DATA_DIR starts from the build's template; run from the
 * sources (tsx) there is none and PGlite runs initdb, as before.
 */
export function databaseOptions(config: Config, log?: AvailabilityLog): DatabaseOptions {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, log };
  const template = fileURLToPath(new URL(`./${PGLITE_TEMPLATE_FILE}`, import.meta.url));
  return { dataDir: config.DATA_DIR, template: existsSync(template) ? template : undefined };
}
