import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../core/config';
import { hasRole } from '../core/config';
import { chownCommand, findUnusableFiles } from './data-dir-owner';
import { SITE_MEDIA_FOLDER } from './image-store';
import { createFileImageStore } from './image-store-files';

/** Start-up stops on this; its message is the one line the operator reads. */
class DataDirError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'DataDirError';
  }
}

/**
 * The folders this process writes under DATA_DIR: the embedded database's files (when
 * DATABASE_URL is unset) and the uploads (applicants' images, the site's own images) of the
 * web and worker roles unless they go to a bucket. None for a bot-only process on Postgres,
 * nor for any process on Postgres with a bucket.
 */
export function writableFoldersOf(config: Config): string[] {
  const needsUploads = !config.bucket && (hasRole(config, 'web') || hasRole(config, 'worker'));
  if (config.DATABASE_URL && !needsUploads) return [];
  const stores = [
    createFileImageStore(config.DATA_DIR),
    createFileImageStore(join(config.DATA_DIR, SITE_MEDIA_FOLDER)),
  ];
  return [
    config.DATA_DIR,
    ...(needsUploads ? stores.flatMap((store) => [store.root, store.tmpDir]) : []),
  ];
}

/**
 * Creates DATA_DIR and its upload folders when missing and writes (then removes) a file in
 * each, so an unwritable DATA_DIR stops start-up with one line naming it, instead of every
 * application with images failing later. Permissions are tried, not read: only a write shows
 * what this user may do (root, ACLs, read-only mounts).
 */
export async function checkDataDir(config: Config): Promise<void> {
  const folders = writableFoldersOf(config);
  if (folders.length > 0) checkFilesAreOurs(config.DATA_DIR);
  for (const folder of folders) {
    const probe = join(folder, `.write-check-${randomUUID()}`);
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(probe, '', { flag: 'wx' });
      await rm(probe, { force: true });
    } catch (error) {
      const code = (error as { code?: string }).code ?? String(error);
      const where = resolve(folder) === resolve(config.DATA_DIR) ? '' : ` (${resolve(folder)})`;
      throw new DataDirError(
        `DATA_DIR ${resolve(config.DATA_DIR)} is not writable${where}: ${code}. ` +
          'Give the user running Lunar write access to it, or set DATA_DIR to a folder it ' +
          'can write (the Docker image uses its /data volume; leave DATA_DIR unset there).',
        { cause: error },
      );
    }
  }
}

/** How many of the files this user cannot use the message names. */
const NAMED_FILES = 3;

/**
 * Stops start-up, before PGlite opens, when files under DATA_DIR are not this user's to read
 * and write: PGlite would abort with nothing but "Aborted(). Build with -sASSERTIONS", and
 * uploads would fail one by one. Names a few, and the `chown` that gives them back.
 */
function checkFilesAreOurs(dataDir: string): void {
  const unusable = findUnusableFiles(dataDir);
  if (unusable.length === 0) return;
  const dir = resolve(dataDir);
  const named = unusable.slice(0, NAMED_FILES).join(', ');
  const more = unusable.length > NAMED_FILES ? ` and ${unusable.length - NAMED_FILES} more` : '';
  throw new DataDirError(
    `DATA_DIR ${dir} has files the user running Lunar cannot read and write: ${named}${more}. ` +
      'A command run as another user (such as root running npm run login-link) leaves them. ' +
      `Give them back, then start again: ${chownCommand(dir)}`,
  );
}
