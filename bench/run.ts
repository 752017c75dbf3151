import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// `npm run bench`: every bench/*.bench.ts in turn, each printing its own figures.
// Benchmarks measure; they never fail on a time (tests do not time things either).
const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort();

// Two benchmarks measure the built web app: build it if it is missing or stale.
spawnSync(process.execPath, [`${dir}../scripts/ensure-build.mjs`], {
  stdio: 'inherit',
});

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
