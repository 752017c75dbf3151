import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Vitest's global setup: the process and browser suites run the build (dist/), as `npm start`
// does. `npm test` builds first; a run of a few files (`npx vitest run test/process/…`) builds
// here when a source is newer than the build, so no test ever runs yesterday's code.
export default function freshBuild(): void {
  // CI runs the suite on two Node versions (.ci/run): say which one this run is on.
  console.log(`Tests run on Node.js ${process.version}`);
  const script = fileURLToPath(new URL('../../scripts/ensure-build.mjs', import.meta.url));
  // Vitest sets NODE_ENV=test, which would build React's development JSX into the server
  // bundle: the build gets the environment `npm run build` gets from a shell.
  const { NODE_ENV: _, ...env } = process.env;
  execFileSync(process.execPath, [script], { stdio: 'inherit', env });
}
