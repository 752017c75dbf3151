import { spawnSync } from 'node:child_process';
import { accessSync, constants, type Dirent, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// A command run as root on the embedded database (`npm run login-link` without the server
// running) leaves files in DATA_DIR that only root may open; PGlite then stops the next start
// with "Aborted(). Build with -sASSERTIONS…" and nothing else. These name the files and the
// user, so start-up and the commands can say what to run instead.

/** A user's name as `id` prints it (its number when the system has no name for it). */
export function userName(uid: number): string {
  return spawnSync('id', ['-nu', String(uid)], { encoding: 'utf8' }).stdout?.trim() || String(uid);
}

/** `chown -R <this user>:<this user's group> <dir>`: what gives DATA_DIR back to this process. */
export function chownCommand(dir: string): string {
  const uid = process.getuid?.() ?? 0;
  const group =
    spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout?.trim() || String(process.getgid?.());
  return `chown -R ${userName(uid)}:${group} ${dir}`;
}

const canUse = (path: string, mode: number) => {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
};

const READ_WRITE = constants.R_OK | constants.W_OK;

/**
 * What under `dir` (not `dir` itself: the write check at start-up names it) this process may
 * not read and write, folders it may not enter included, as paths relative to `dir`. Empty when
 * `dir` is missing or cannot be listed at all.
 */
export function findUnusableFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      if (folder !== dir) found.push(relative(dir, folder));
      return;
    }
    // By name: the same message for the same folder, whatever order the file system lists.
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (!entry.isDirectory()) {
        if (!canUse(path, READ_WRITE)) found.push(relative(dir, path));
      } else if (canUse(path, READ_WRITE | constants.X_OK)) {
        walk(path);
      } else {
        found.push(relative(dir, path));
      }
    }
  };
  if (isDirectory(dir)) walk(dir);
  return found;
}

/** Whether `dir` is a folder; false when it, or a folder on its path, is missing or a file. */
function isDirectory(dir: string): boolean {
  try {
    return statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    // ENOTDIR: a file on the path. The write check names DATA_DIR with its code.
    return false;
  }
}

/** The owner of `dir` when it is another user than this process's, else null (or missing). */
export function otherOwnerOf(dir: string): { uid: number; name: string } | null {
  if (!isDirectory(dir)) return null;
  const owner = statSync(dir).uid;
  if (owner === undefined || owner === process.getuid?.()) return null;
  return { uid: owner, name: userName(owner) };
}
