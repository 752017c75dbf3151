import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnIn, waitForOutput } from '../support/process';
import { aDesigner, aPng, multipartBody } from '../support/uploads';

// DATA_DIR as the Docker image meets it: Lunar runs as an unprivileged user (the image's
// `node`; `nobody` here) with the settings of a copied .env.example. As root, permission bits
// stop nobody, so the process is started through runuser; as another user, directly.
const root = fileURLToPath(new URL('../..', import.meta.url));
const NOBODY = 'nobody';
const isRoot = process.getuid?.() === 0;
const userId = (name: string) => Number(spawnSync('id', ['-u', name], { encoding: 'utf8' }).stdout);

/** The entry as `npm start` runs it from the sources, as the unprivileged user. */
function spawnUnprivileged(env: Record<string, string>) {
  const entry = [process.execPath, '--import', 'tsx', 'entry/main.ts'];
  return isRoot
    ? spawnIn(root, 'runuser', ['-u', NOBODY, '--', ...entry], env)
    : spawnIn(root, entry[0] as string, entry.slice(1), env);
}

/** `.env.example` read as Compose reads an env_file: NAME=value lines, values as written. */
function copiedEnvExample(): Record<string, string> {
  return Object.fromEntries(
    readFileSync(join(root, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('DATA_DIR for an unprivileged user', () => {
  const parent = mkdtempSync(join(tmpdir(), 'lunar-data-dir-'));
  // mkdtemp makes 0700 folders: the user must at least reach what is inside.
  chmodSync(parent, 0o755);
  let database: { url: string; drop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const name = `lunar_data_dir_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = {
      url: url.href,
      drop: async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('stops at start with one line naming a DATA_DIR it cannot write', async () => {
    const dataDir = join(parent, 'not-ours');
    spawnSync('mkdir', [dataDir]);
    // Readable, not writable, by anyone but its owner (root, or this user once read-only).
    chmodSync(dataDir, isRoot ? 0o755 : 0o555);
    const lunar = spawnUnprivileged({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    expect(await lunar.exited).toBe(1);
    const lines = lunar
      .output()
      .split('\n')
      .filter((line) => line.includes('DATA_DIR'));
    expect(lines).toEqual([
      `Lunar failed to start: DATA_DIR ${dataDir} is not writable: EACCES. Give the user ` +
        'running Lunar write access to it, or set DATA_DIR to a folder it can write (the ' +
        'Docker image uses its /data volume; leave DATA_DIR unset there).',
    ]);
    expect(lunar.output()).not.toMatch(/unhandled|^\s+at /im);
  }, 60_000);

  it('stores an application with images, with a copied .env.example and the image’s DATA_DIR', async () => {
    // The image's ENV, then the env_file (.env from .env.example), then compose.yaml's
    // environment: as `docker compose up` would start the lunar service.
    const dataDir = join(parent, 'volume');
    spawnSync('mkdir', [dataDir]);
    if (isRoot) chownSync(dataDir, userId(NOBODY), userId(NOBODY));
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...copiedEnvExample(),
      // Compose listens on 0.0.0.0:3000 with PUBLIC_URL set; here any free loopback port.
      HOST: '127.0.0.1',
      PORT: '0',
      ...(database && { DATABASE_URL: database.url }),
    };
    const lunar = spawnUnprivileged(env);
    try {
      const [, url] = await waitForOutput(lunar, /Lunar is running at (\S+)/);
      const images = [1, 2].map((i) => ({ name: `${i}.png`, data: aPng(4000, i) }));
      const application = JSON.stringify(aDesigner({ robloxUsername: 'volume_check' }));
      const { body, contentType } = await multipartBody({ application }, images);
      const response = await fetch(`${url}/api/applications`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const folders = readdirSync(join(dataDir, 'uploads')).filter((name) => name !== '.tmp');
      expect(folders).toHaveLength(2);
    } finally {
      lunar.child.kill('SIGTERM');
      await lunar.exited;
    }
  }, 120_000);
});
