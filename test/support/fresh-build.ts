import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Vitest's global setup: the process and browser suites run the build (dist/), as `npm start`
// does. `npm test` builds first; a run of a few files (`npx vitest run test/process/…`) builds
// here when a source is newer than the build, so no test ever runs yesterday's code.
export default function freshBuild(): void {
  const script = fileURLToPath(new URL('../../scripts/ensure-build.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
