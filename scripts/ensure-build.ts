import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm start` builds the web app when there is no build yet or a source is newer than it,
// so the README's first command works on a fresh clone and stays fast afterwards.
const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(resolve(root, process.env.WEB_DIST_DIR ?? 'dist/web'), 'server/entry-server.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'core')));
if (sourcesAt > builtAt) {
  console.log('Building the web app…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
