import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, stopChild } from './served';

// The compiled server (`npm start`'s dist/server/main.mjs, web role) as the benches start it:
// production mode, its own port, quiet logs. Not a bench itself (no `.bench.ts`).

/**
 * Starts `dist/server/main.mjs` of the checkout at `root` on a free port; resolves once it
 * announces itself. `env` adds to (or overrides) the defaults, e.g. DATA_DIR, DATABASE_URL.
 */
export async function startLunar(
  root: string,
  env: Record<string, string> | ((port: number) => Record<string, string>),
): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      LUNAR_ENV_FILE: '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LUNAR_ROLES: 'web',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://lunar.example',
      ...(typeof env === 'function' ? env(port) : env),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // It announces PUBLIC_URL; the bench talks to the port itself.
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Lunar is running at/.test(output)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, stop: () => stopChild(child) };
}
