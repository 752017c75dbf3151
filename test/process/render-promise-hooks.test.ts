import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
/** The build's server renderer, as server/web/web-build.ts loads it. */
const renderer = pathToFileURL(
  resolve(root, process.env.WEB_DIST_DIR ?? 'dist/web', 'server/entry-server.js'),
).href;

// Node tracks promises (an async id for each, hooks on every one) from the moment any async
// hook or AsyncLocalStorage is first used, for the rest of the process. React's Node build
// renders inside an AsyncLocalStorage, which cost every cached page after the first render
// about a tenth of its CPU; web/src/entry-server.tsx uses the Web Streams build instead.
// Checked in a process of its own: vitest's may track promises already.
const SCRIPT = `
import { createHook, executionAsyncId } from 'node:async_hooks';
// Untracked, a promise's callback runs with the id of whatever started it (0 at top level).
const tracked = async () => {
  let id = 0;
  await Promise.resolve().then(() => { id = executionAsyncId(); });
  return id !== 0;
};
const { renderPage } = await import(process.argv[1]);
const site = {
  supportEmail: 'support@lunar.example', discordInviteUrl: null, legalLastUpdated: '2026-01-01',
  portfolioUsername: null, blogPasscodeSignIn: false, retentionMonths: 12, year: 2026,
  today: '2026-11-27', services: [],
};
const html = await renderPage('/terms', { site, api: {} });
const afterRender = await tracked();
// An async hook turns tracking on in every Node version (Node 24's AsyncLocalStorage no longer does).
createHook({ init() {} }).enable();
console.log(JSON.stringify({ rendered: html.length, afterRender, afterStorage: await tracked() }));
`;

describe('rendering a page', () => {
  it('leaves promise tracking off for the rest of the process', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT, renderer],
      { cwd: root, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' } },
    );
    const result = JSON.parse(stdout);
    expect(result.rendered).toBeGreaterThan(1000);
    expect(result.afterRender).toBe(false);
    // The check itself sees tracking once something turns it on.
    expect(result.afterStorage).toBe(true);
  });
});
