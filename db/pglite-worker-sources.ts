import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/**
 * Run from the sources (tsx, vitest), a worker thread inherits no TypeScript loader, and
 * tsx's costs half a second per thread: esbuild (a development dependency) compiles
 * db/pglite-worker.ts into node_modules/.cache instead, where its packages resolve, in ~20 ms,
 * named by its content so that parallel test files share it and an edit makes a new one.
 * The compiled build has dist/server/pglite-worker.mjs and leaves this module out
 * (scripts/build-server.ts).
 */
export function compileWorkerFromSources(): URL {
  const [output] = buildSync({
    entryPoints: [fileURLToPath(new URL('./pglite-worker.ts', import.meta.url))],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    write: false,
    logLevel: 'warning',
  }).outputFiles;
  if (!output) throw new Error('esbuild compiled nothing for db/pglite-worker.ts');
  const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16);
  const dir = new URL('../node_modules/.cache/lunar/', import.meta.url);
  const file = new URL(`pglite-worker-${hash}.mjs`, dir);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const temporary = new URL(`pglite-worker-${hash}.${process.pid}.tmp`, dir);
    writeFileSync(temporary, output.contents);
    renameSync(temporary, file);
  }
  return file;
}
