import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { seedOnce } from '../../db/seed';
import { buildTestApp } from './app';
import { createTestDatabase, type Driver, type TestDatabase } from './database';

export type TestServer = { readonly database: TestDatabase; readonly app: FastifyInstance };

/**
 * Registers `beforeAll`/`afterAll` for the surrounding `describe`: a fresh database on
 * `driver` (seeded like a first start when `seed`), the app built on it, both closed after.
 * Read `app`/`database` inside tests and hooks only.
 */
export function useTestApp(
  driver: Driver,
  {
    seed = false,
    ...options
  }: { seed?: boolean } & NonNullable<Parameters<typeof buildTestApp>[1]> = {},
): TestServer {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    if (seed) await seedOnce(database.db);
    app = await buildTestApp(database, options);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  const started = () => {
    if (!database || !app) throw new Error('useTestApp: read it inside a test or hook');
    return { database, app };
  };
  return {
    get database() {
      return started().database;
    },
    get app() {
      return started().app;
    },
  };
}
