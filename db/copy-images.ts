import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type ImageStore, StorageError } from './image-store';

// `npm run storage:migrate` (scripts/storage-migrate.ts): the files under DATA_DIR copied to
// the bucket, each verified by its SHA-256, which is its name. Idempotent and resumable: an
// object already there whose bytes hash to its name is left alone, anything else is copied
// (again); an interrupted run is simply run again.

type CopyCounts = {
  /** Copied now, and read back from the bucket with the right hash. */
  copied: number;
  /** In the bucket already with the right bytes (a run before this one). */
  present: number;
  /** Files whose bytes do not hash to their name (damaged on disk): not copied, named. */
  damaged: string[];
};

async function hashOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** True when `store` holds `hash` and its bytes hash to it. */
async function holdsIntact(store: ImageStore, hash: string): Promise<boolean> {
  const opened = await store.open(hash);
  return opened !== null && (await hashOf(opened.stream)) === hash;
}

/**
 * Copies every kept file of `from` into `to`, one at a time (memory stays at one part).
 * `progress` hears of each file. A failure of `to` (the bucket down) stops the run with a
 * StorageError: nothing after it could succeed, and running again resumes.
 */
export async function copyStoredImages(
  from: ImageStore,
  to: ImageStore,
  progress: (hash: string, outcome: 'copied' | 'present' | 'damaged') => void = () => {},
): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, present: 0, damaged: [] };
  for (const { hash } of await from.list()) {
    if (await holdsIntact(to, hash)) {
      counts.present += 1;
      progress(hash, 'present');
      continue;
    }
    const source = await from.open(hash);
    if (!source) continue; // deleted since the listing (retention): nothing to copy
    const received = await to.receive(source.stream);
    if (received.hash !== hash) {
      await to.discard(received);
      counts.damaged.push(hash);
      progress(hash, 'damaged');
      continue;
    }
    await to.keep(received);
    if (!(await holdsIntact(to, hash))) {
      throw new StorageError(`the bucket's copy of ${hash} does not match it`, { cause: null });
    }
    counts.copied += 1;
    progress(hash, 'copied');
  }
  return counts;
}
