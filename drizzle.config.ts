import { defineConfig } from 'drizzle-kit';

// Tooling config, so it reads the environment itself: DATABASE_URL when set (a Postgres
// server), otherwise the embedded database in DATA_DIR (stop `npm start` first: PGlite
// allows one process at a time).
const databaseUrl = process.env.DATABASE_URL;

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  ...(databaseUrl
    ? { dbCredentials: { url: databaseUrl } }
    : { driver: 'pglite', dbCredentials: { url: process.env.DATA_DIR ?? './data' } }),
});
