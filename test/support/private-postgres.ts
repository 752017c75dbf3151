import { execFile, spawnSync } from 'node:child_process';
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

// Postgres refuses to run as root; a root test run (CI) gives the server to this user.
const SERVER_USER = 'lunar-pg-test';

export type PrivatePostgres = {
  url: string;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server if it runs and deletes its data directory. */
  destroy(): Promise<void>;
};

type Tools = { binDir: string; asUser: string[] };

/** Why this machine cannot run a private Postgres server (no initdb, no user), or null. */
export function privatePostgresUnavailable(): string | null {
  const tools = findTools();
  return 'skip' in tools ? tools.skip : null;
}

/**
 * A throwaway Postgres server of our own (initdb on a free port) that a test may stop and
 * start; as root, it runs as an unprivileged user created for it.
 */
export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const tools = findTools();
  if ('skip' in tools) throw new Error(tools.skip);
  const { binDir, asUser } = tools;
  const dataDir = mkdtempSync(join(tmpdir(), 'lunar-pg-'));
  const asServer = (command: string, args: string[]) => {
    const [file = '', ...prefix] = [...asUser, join(binDir, command)];
    return run(file, [...prefix, ...args], { timeout: 60_000 });
  };
  const port = await freePort();
  const pgCtl = (...args: string[]) => asServer('pg_ctl', ['-D', dataDir, ...args]);
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      // TCP on loopback only; no Unix socket, whose default directory may not be writable.
      const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=''`;
      await pgCtl('-l', join(dataDir, 'server.log'), '-o', options, '-w', '-t', '60', 'start');
    },
    async stop() {
      await pgCtl('-m', 'immediate', '-w', 'stop');
    },
    async destroy() {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    if (asUser.length) chownToServerUser(dataDir);
    const initdb = ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C'];
    await asServer('initdb', [...initdb, '--no-sync']);
    await server.start();
  } catch (error) {
    await server.destroy();
    throw error;
  }
  return server;
}

function findTools(): Tools | { skip: string } {
  const binDir = findBinDir();
  if (!binDir) return { skip: 'initdb is not installed (looked on PATH and /usr/lib/postgresql)' };
  if (process.getuid?.() !== 0) return { binDir, asUser: [] };
  if (!commandExists('runuser')) return { skip: 'running as root and runuser is missing' };
  if (!userExists()) {
    const created = spawnSync(
      'useradd',
      ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER],
      { encoding: 'utf8' },
    );
    // Another checkout's test may have created it in the meantime.
    if (!userExists()) {
      return {
        skip: `running as root and could not create the user ${SERVER_USER} for Postgres: ${created.stderr || created.error}`,
      };
    }
  }
  return { binDir, asUser: ['runuser', '-u', SERVER_USER, '--'] };
}

function findBinDir(): string | null {
  const onPath = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const versioned = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  return (
    [...onPath, ...versioned].find(
      (dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl')),
    ) ?? null
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

function userExists(): boolean {
  return spawnSync('id', ['-u', SERVER_USER]).status === 0;
}

function chownToServerUser(path: string) {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, SERVER_USER], { encoding: 'utf8' }).stdout.trim());
  chownSync(path, id('-u'), id('-g'));
}
