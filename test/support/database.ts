import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { templateCopy } from './pglite-template';
import { postgresRun } from './postgres-template';

export type Driver = 'pglite' | 'postgres';

/** Every database suite runs on PGlite, and on real Postgres too when CI provides one. */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];
// Under CI every database suite must also run on Postgres: without a server they would
// quietly run on PGlite alone.
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI=true needs TEST_DATABASE_URL: the database suites run on Postgres too');
}

export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A fresh, migrated, empty database of its own: PGlite in a temporary copy of the run's
 * template (removed again by `close`; in memory from initdb when `migrate` is false), or a
 * new database on the Postgres server, a copy of the run's template when migrated (dropped
 * again by `close`), so test files never see each other's rows.
 */
export async function createTestDatabase(
  driver: Driver,
  { migrate = true } = {},
): Promise<TestDatabase> {
  if (driver === 'pglite') {
    if (!migrate) return openDatabase({});
    const dataDir = templateCopy('lunar-test-db-');
    const handle = await openDatabase({ dataDir });
    // Nothing to apply, unless a watch run outlived the template's migrations.
    await handle.migrate();
    let closed = false;
    return {
      ...handle,
      async close() {
        if (closed) return;
        closed = true;
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const run = postgresRun();
  const name = `${run?.prefix ?? 'lunar_test_'}${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  // A copy of the run's migrated template (postgres-template.ts): `migrate` then has nothing
  // left to do.
  const template = migrate ? run?.template : undefined;
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.href, poolSize: 4 });
  if (migrate) await handle.migrate();
  let closed = false;
  return {
    ...handle,
    url: url.href,
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
      const dropped = admin
        .unsafe(`drop database if exists ${name} with (force)`)
        .finally(() => admin.end());
      // Within a run, the next file need not wait for it: the run's teardown drops what is left.
      if (run) dropped.catch(() => {});
      else await dropped;
    },
  };
}
