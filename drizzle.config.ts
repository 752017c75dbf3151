import { defineConfig } from 'drizzle-kit';

// db:generate only diffs the schema; db:migrate and db:studio need a server, so they read
// DATABASE_URL (the embedded PGlite database is migrated by the app itself at start-up).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
});
