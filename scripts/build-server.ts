import { chmodSync, cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';
import { migrationsFolder } from '../db/client';
import { pgliteExtensions } from '../db/pglite-extensions';
import { PGLITE_TEMPLATE_DIR } from '../entry/database';

// The last step of `npm run build`: the process and the scripts production runs, compiled to
// plain JavaScript in dist/server/ so that `npm start` is `node` on it (no TypeScript at run
// time, no tsx), with what they read beside them: the migrations and an empty database.
const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist/server');

/** Entry points: the process, and the CLI scripts an operator runs on a production install. */
const ENTRIES = {
  main: 'entry/main.ts',
  'discord-register': 'scripts/discord-register.ts',
  'db-migrate': 'scripts/db-migrate.ts',
  'login-link': 'scripts/login-link.ts',
  'storage-migrate': 'scripts/storage-migrate.ts',
  'db-seed-demo': 'scripts/db-seed-demo.ts',
};

rmSync(outdir, { recursive: true, force: true });
const entryPoints = Object.fromEntries(
  Object.entries(ENTRIES).filter(([, file]) => existsSync(join(root, file))),
);
await build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // node_modules stay where npm put them (`npm ci --omit=dev` installs them): only our code is
  // compiled, and each package keeps finding its own files (PGlite's WebAssembly, …).
  packages: 'external',
  // Separate chunks keep `import()` lazy: discord.js loads only when a bot or worker starts.
  // Chunks sit beside the entries, so `import.meta.url` means dist/server/ in every file.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
});

// db/client.ts reads `./migrations` beside itself: db/migrations from the sources, and this
// copy from the compiled code.
cpSync(migrationsFolder, join(outdir, 'migrations'), { recursive: true });

// A new embedded database starts as a copy of this one (entry/database.ts) instead of
// running initdb, which takes seconds and leaves hundreds of MB of WebAssembly memory behind.
// Migrated, not seeded: start-up seeds it as it would any new database.
const template = join(outdir, PGLITE_TEMPLATE_DIR);
const pglite = new PGlite(template, { extensions: pgliteExtensions });
await migrate(drizzle(pglite), { migrationsFolder });
await pglite.close();
// The Docker image builds as root and runs as `node`: Postgres writes some files 0600, which
// `node` could not copy into a new DATA_DIR. The template holds no data: anyone may read it.
for (const entry of readdirSync(template, { recursive: true, withFileTypes: true })) {
  chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
}

// Written last: scripts/ensure-build.mjs compares the sources with it.
writeFileSync(join(root, 'dist/build-info.json'), `${JSON.stringify({ builtAt: new Date() })}\n`);
