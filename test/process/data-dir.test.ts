import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry, waitForOutput } from '../support/process';
import {
  composeEnvironment,
  expectApplicationWithImagesStored,
  folderForUnprivileged,
  isRoot,
  spawnUnprivileged,
} from '../support/unprivileged';

// DATA_DIR as the Docker image meets it: Lunar runs as an unprivileged user (the image's
// `node`; `nobody` here) with the settings of a copied .env.example.
const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = builtEntry('main');
const spawnLunarUnprivileged = (env: Record<string, string>) =>
  spawnUnprivileged(root, process.execPath, entry, env);

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
    mkdirSync(dataDir);
    // Readable, not writable, by anyone but its owner (root, or this user once read-only).
    chmodSync(dataDir, isRoot ? 0o755 : 0o555);
    const lunar = spawnLunarUnprivileged({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
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

  it('stops at start naming the files it cannot read, and the chown that gives them back', async () => {
    // What `npm run login-link` run as root leaves on the embedded database in the service
    // user's folder: root's files, mode 600, where PGlite aborted with "Aborted(). Build with
    // -sASSERTIONS…" alone (as another user, files this user may not open stand in for them).
    const dataDir = folderForUnprivileged(join(parent, 'left-by-root'));
    mkdirSync(join(dataDir, 'base', '1'), { recursive: true });
    for (const file of ['PG_VERSION', 'base/1/1259', 'postmaster.opts']) {
      writeFileSync(join(dataDir, file), '17\n', { mode: isRoot ? 0o600 : 0o000 });
    }
    if (!isRoot) chmodSync(join(dataDir, 'base'), 0o000);
    const id = (flag: string) =>
      spawnSync('id', [flag, ...(isRoot ? ['nobody'] : [])], { encoding: 'utf8' }).stdout.trim();

    const lunar = spawnLunarUnprivileged({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    expect(await lunar.exited).toBe(1);
    expect(lunar.output()).toContain(
      `Lunar failed to start: DATA_DIR ${dataDir} has files the user running Lunar cannot read ` +
        'and write: base, PG_VERSION, postmaster.opts. A command run as another user (such as ' +
        'root running npm run login-link) leaves them. Give them back, then start again: ' +
        `chown -R ${id('-nu')}:${id('-gn')} ${dataDir}\n`,
    );
    expect(lunar.output()).not.toMatch(/Aborted|unhandled|^\s+at /im);
    if (!isRoot) chmodSync(join(dataDir, 'base'), 0o755);
  }, 60_000);

  it('stores an application with images, with a copied .env.example and the image’s DATA_DIR', async () => {
    const dataDir = folderForUnprivileged(join(parent, 'volume'));
    const env = composeEnvironment(root, { dataDir, databaseUrl: database?.url });
    const lunar = spawnLunarUnprivileged(env);
    try {
      const [, url] = await waitForOutput(lunar, /Lunar is running at (\S+)/);
      await expectApplicationWithImagesStored(url as string, dataDir);
    } finally {
      lunar.child.kill('SIGTERM');
      await lunar.exited;
    }
  }, 120_000);
});
