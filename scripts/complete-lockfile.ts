import { readFileSync, writeFileSync } from 'node:fs';

// The npm registry reachable here lacks some packages' binaries for other platforms
// (e.g. @biomejs/cli-win32-x64), so `npm install` leaves them out of package-lock.json and
// `npm ci` then refuses the lock as out of sync. This adds the missing optional entries
// (version only; they are never fetched on a platform they do not match).
// Run after every `npm install <package>`: npm run lockfile:complete
type Entry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
};

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, Entry> };
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const top = `node_modules/${name}`;
    if (lock.packages[top] || lock.packages[`${key}/node_modules/${name}`]) continue;
    lock.packages[top] = { version, ...(entry.dev && { dev: true }), optional: true };
    added += 1;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} missing optional platform entries`);
