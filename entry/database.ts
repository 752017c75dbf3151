import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import type { Config } from '../core/config';
import type { AvailabilityLog } from '../db/availability';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../db/client';
import { holdYoungGeneration } from './young-generation';

/** The empty migrated data directory that `npm run build` makes beside the compiled entry. */
export const PGLITE_TEMPLATE_DIR = 'pglite-template';

/**
 * Where the process's database is: a Postgres server (DATABASE_URL) or PGlite in DATA_DIR.
 * Compiled (dist/server/), a new DATA_DIR starts as a copy of the build's template; run from
 * the sources (tsx) there is none and PGlite runs initdb, as before.
 */
export function databaseOptions(config: Config, log?: AvailabilityLog): DatabaseOptions {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, log };
  const template = fileURLToPath(new URL(`./${PGLITE_TEMPLATE_DIR}`, import.meta.url));
  return {
    dataDir: config.DATA_DIR,
    template: existsSync(template) ? template : undefined,
    // Creating the thread's isolate put V8's young-generation growth back to its default,
    // while this thread is still loading the process's code (entry/serve.ts).
    onThreadOnline: holdYoungGeneration,
  };
}

/** The database of the process (and of the CLI scripts that share its configuration). */
export async function openConfiguredDatabase(
  config: Config,
  log?: AvailabilityLog,
): Promise<DatabaseHandle> {
  // PGlite is Postgres compiled to WebAssembly. V8 compiles it fast (Liftoff), then compiles
  // the hot functions again, optimised (TurboFan): that second copy costs ~35 MB of resident
  // memory and CPU while starting, for queries ~25% faster once warm, which a studio site's
  // few small queries do not need (docs/decisions/012-compiled-production-start.md). Set
  // before PGlite's module is compiled; nothing else in the process is WebAssembly.
  if (!config.DATABASE_URL) setFlagsFromString('--liftoff-only');
  return openDatabase(databaseOptions(config, log));
}
