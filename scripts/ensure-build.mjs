import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm start` runs this first (prestart), in plain JavaScript so that it needs nothing but
// Node: on a clone (`npm install && npm start`) it builds when there is no build yet or a
// source is newer than it; on a production install (built tree, `npm ci --omit=dev`, no
// sources or no build tools) it never builds and only says what is missing.
const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist/build-info.json'); // written last by `npm run build`
const entry = join(root, 'dist/server/main.mjs');
const SOURCES = ['core', 'db', 'server', 'bot', 'entry', 'web', 'scripts'];
const BUILD_INPUTS = ['package-lock.json', 'vite.config.ts', 'tsconfig.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return path.includes('.test.') ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

const built = existsSync(stamp) && existsSync(entry);
// A production tree has dist/ and, for `npm run`, scripts/*.mjs, but not the TypeScript.
const hasSources = existsSync(join(root, 'entry/main.ts'));
const canBuild = hasSources && existsSync(join(root, 'node_modules/.bin/vite'));
const builtAt = built ? statSync(stamp).mtimeMs : 0;
// Without sources (a production tree holds dist/ only) there is nothing a build could be behind.
const stale =
  !built ||
  (hasSources &&
    [...SOURCES, ...BUILD_INPUTS].some((path) => newestMtime(join(root, path)) > builtAt));

if (stale && canBuild) {
  console.log(built ? 'Sources changed since the last build: building…' : 'Building Lunar…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
} else if (!built) {
  console.error(
    'Lunar is not built (dist/server/main.mjs is missing) and cannot build here: building needs ' +
      'the development dependencies (`npm ci`, then `npm run build`). A production install copies ' +
      'dist/ from a build and runs `npm ci --omit=dev` (see README, Deployment).',
  );
  process.exit(1);
} else if (stale) {
  console.warn(
    'Sources changed since the last build, but the development dependencies that build them ' +
      'are not installed: starting the existing build. Run `npm ci && npm run build` to update it.',
  );
}
