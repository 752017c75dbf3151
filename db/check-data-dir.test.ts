import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../core/config';
import { checkDataDir, writableFoldersOf } from './check-data-dir';

const configWith = (env: Record<string, string>) => {
  const parsed = parseConfig(env);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config;
};

describe('checkDataDir', () => {
  const made: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunar-data-dir-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates DATA_DIR and its upload folders, and leaves no probe behind', async () => {
    const dataDir = join(tempDir(), 'data');
    await checkDataDir(configWith({ DATA_DIR: dataDir }));
    for (const folder of ['uploads/.tmp', 'site/uploads/.tmp']) {
      expect(existsSync(join(dataDir, folder))).toBe(true);
      expect(readdirSync(join(dataDir, folder))).toEqual([]);
    }
    expect(readdirSync(dataDir).sort()).toEqual(['site', 'uploads']);
  });

  it('stops with one line naming DATA_DIR when it cannot be written', async () => {
    // A file where the folder should be: refused for root too, unlike a permission bit.
    const parent = tempDir();
    writeFileSync(join(parent, 'taken'), '');
    const dataDir = join(parent, 'taken', 'data');
    const check = checkDataDir(configWith({ DATA_DIR: dataDir }));
    await expect(check).rejects.toThrow(
      `DATA_DIR ${dataDir} is not writable: ENOTDIR. Give the user running Lunar write access`,
    );
    await expect(check).rejects.toThrow(/^[^\n]+$/);
  });

  it('names the upload folder that cannot be written', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'uploads'), 'not a folder');
    await expect(checkDataDir(configWith({ DATA_DIR: dataDir }))).rejects.toThrow(
      `DATA_DIR ${dataDir} is not writable (${join(dataDir, 'uploads')}): EEXIST`,
    );
  });

  it('checks only what the process writes', () => {
    const url = 'postgres://lunar@127.0.0.1:5432/lunar';
    expect(writableFoldersOf(configWith({ DATA_DIR: '/d', LUNAR_ROLES: 'bot' }))).toEqual(['/d']);
    expect(
      writableFoldersOf(configWith({ DATA_DIR: '/d', LUNAR_ROLES: 'bot', DATABASE_URL: url })),
    ).toEqual([]);
    expect(
      writableFoldersOf(configWith({ DATA_DIR: '/d', LUNAR_ROLES: 'web', DATABASE_URL: url })),
    ).toEqual(['/d', '/d/uploads', '/d/uploads/.tmp', '/d/site/uploads', '/d/site/uploads/.tmp']);
    // Images in a bucket: a web process on Postgres writes nothing under DATA_DIR.
    const bucket = {
      S3_BUCKET: 'lunar-images',
      S3_ACCESS_KEY_ID: 'lunar',
      S3_SECRET_ACCESS_KEY: 'secret-key',
    };
    expect(
      writableFoldersOf(
        configWith({ DATA_DIR: '/d', LUNAR_ROLES: 'web', DATABASE_URL: url, ...bucket }),
      ),
    ).toEqual([]);
    expect(writableFoldersOf(configWith({ DATA_DIR: '/d', ...bucket }))).toEqual(['/d']);
  });
});
