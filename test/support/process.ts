import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Nothing from the developer's .env or shell reaches the process: only what a test sets.
const CLEAN_ENV = {
  PATH: process.env.PATH ?? '',
  LUNAR_ENV_FILE: '',
  PORT: '0',
  LOG_LEVEL: 'info',
  ...(process.env.WEB_DIST_DIR && { WEB_DIST_DIR: process.env.WEB_DIST_DIR }),
};

export type LunarProcess = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Node's arguments for one of the build's entries (dist/server/<name>.mjs, made by
 * `npm run build`, which test/support/fresh-build.ts runs when a source is newer): `main` as
 * `npm start` runs it, a script as a production install's `npm run` does. Through tsx each
 * start spent seconds compiling the sources (19 s against 3.6 s on a loaded machine).
 */
export function builtEntry(name: string): string[] {
  return ['--enable-source-maps', `dist/server/${name}.mjs`];
}

/** The real entry as `npm start` runs it, with its stdout and stderr collected. */
export function spawnLunar(env: Record<string, string>): LunarProcess {
  return spawnScript('main', env);
}

/** A built script (`login-link`, `discord-register`, …), in the same clean env. */
export function spawnScript(
  name: string,
  env: Record<string, string>,
  args: string[] = [],
): LunarProcess {
  return spawnIn(root, process.execPath, [...builtEntry(name), ...args], env);
}

/** Any command in any directory (a production install elsewhere), in the same clean env. */
export function spawnIn(
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string>,
): LunarProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...CLEAN_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once `ready` appears in the output; rejects if the process exits first. */
export function waitForOutput(lunar: LunarProcess, ready: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = lunar.output().match(ready);
      if (match) resolve(match);
    };
    lunar.child.stdout?.on('data', check);
    lunar.child.stderr?.on('data', check);
    check();
    lunar.exited.then((code) =>
      reject(new Error(`exited with ${code} before ${ready}:\n${lunar.output()}`)),
    );
  });
}

/** Starts the process and waits for it to print the URL it serves. */
export async function startLunarProcess(env: Record<string, string>) {
  const lunar = spawnLunar(env);
  const [, url] = await waitForOutput(lunar, /Lunar is running at (\S+)/);
  return { ...lunar, url: url as string };
}
