import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../../db/client';

// Vitest's global setup: one migrated Postgres database per run, which every Postgres test
// database is created from (`create database … template`), as PGlite's are copied from
// pglite-template.ts. Running the migrations took about a second for each of the run's
// Postgres test databases; a copy of the template takes a fraction of that. The workers,
// forked after this ran, read its name from the environment. Without TEST_DATABASE_URL (or
// outside vitest: the benches) test databases are migrated as before.
//
// The run's test databases are named after it (`lunar_test_<run>_…`), so the teardown drops
// what a worker left: a test database's `close` does not wait for its drop (a checkpoint, up
// to a second on a busy server) when the run will sweep it.
const ENV_KEY = 'LUNAR_TEST_POSTGRES_RUN';

export default async function makeTemplate(): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const run = randomBytes(6).toString('hex');
  const name = templateName(run);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: Postgres copies a template no session is connected to.
  const database = await openDatabase({ url: url.href, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  process.env[ENV_KEY] = run;
  return async () => {
    const left = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${testDatabasePrefix(run)}%`}`;
    for (const { datname } of [...left, { datname: name }]) {
      await admin.unsafe(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
  };
}

const templateName = (run: string) => `lunar_template_${run}`;
const testDatabasePrefix = (run: string) => `lunar_test_${run}_`;

/**
 * The run's migrated template and the prefix of its test databases, when the global setup
 * made them (the teardown then drops every database with that prefix).
 */
export function postgresRun(): { template: string; prefix: string } | undefined {
  const run = process.env[ENV_KEY];
  return run ? { template: templateName(run), prefix: testDatabasePrefix(run) } : undefined;
}
