import { spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type LunarProcess, spawnIn } from './process';
import { aDesigner, aPng, multipartBody } from './uploads';

// The Docker image runs Lunar as its unprivileged `node` user with a copied .env.example; the
// process tests reproduce that with `nobody`. As root, permission bits stop nobody, so the
// process is started through runuser; as another user, directly.

const NOBODY = 'nobody';
export const isRoot = process.getuid?.() === 0;

const userId = (name: string) => Number(spawnSync('id', ['-u', name], { encoding: 'utf8' }).stdout);

/** `command args` in `cwd` as the unprivileged user (this user when not root). */
export function spawnUnprivileged(
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string>,
): LunarProcess {
  return isRoot
    ? spawnIn(cwd, 'runuser', ['-u', NOBODY, '--', command, ...args], env)
    : spawnIn(cwd, command, args, env);
}

/** A new folder the unprivileged user owns, as the image's /data volume is `node`'s. */
export function folderForUnprivileged(path: string): string {
  mkdirSync(path, { recursive: true });
  if (isRoot) chownSync(path, userId(NOBODY), userId(NOBODY));
  return path;
}

/** `.env.example` read as Compose reads an env_file: NAME=value lines, values as written. */
export function copiedEnvExample(root: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(join(root, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/**
 * The lunar service's environment as `docker compose up` builds it: the image's ENV, then the
 * env_file (.env from .env.example), then compose.yaml's environment (here a free loopback
 * port instead of 0.0.0.0:3000 behind PUBLIC_URL).
 */
export function composeEnvironment(
  root: string,
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string },
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...copiedEnvExample(root),
    HOST: '127.0.0.1',
    PORT: '0',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
}

/** An application with two images, sent to a running Lunar: stored, one file per image. */
export async function expectApplicationWithImagesStored(url: string, dataDir: string) {
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
}
