import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

// The compiled server (`npm start`'s dist/server/main.mjs, web role) as the benches start it:
// production mode, its own port, quiet logs. Not a bench itself (no `.bench.ts`).

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

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
