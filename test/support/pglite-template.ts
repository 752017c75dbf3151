import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyTemplate, openDatabase } from '../../db/client';

// Vitest's global setup: one empty, migrated PGlite data directory per run, which every test
// database and test site starts as a copy of (db/client.ts `template`, as a production start
// on an empty DATA_DIR does). initdb costs each PGlite seconds of CPU: run for every test
// database, it was a third of `npm test`. The workers, forked after this ran, read the path
// from the environment.
const ENV_KEY = 'LUNAR_TEST_PGLITE_TEMPLATE';

export default async function makeTemplate(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'lunar-test-template-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  process.env[ENV_KEY] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The run's template (made by the global setup above). */
export function pgliteTemplate(): string {
  const dir = process.env[ENV_KEY];
  if (!dir) throw new Error(`${ENV_KEY} is not set: run the tests through vitest.config.ts`);
  return dir;
}

/** A new temporary data directory holding a copy of the run's template (the caller removes it). */
export function templateCopy(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  copyTemplate(pgliteTemplate(), dataDir);
  return dataDir;
}
