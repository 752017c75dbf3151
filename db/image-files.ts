import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from './client';
import { type ImageStore, isContentHash } from './image-store';
import { applicationImages } from './schema';

// The stored files (db/image-store.ts, on disk or in the bucket) kept in step with the rows
// that reference them.

/**
 * A kept file younger than this is never swept: a request may have kept it a moment before
 * inserting its row (several web processes may share DATA_DIR). Longer than the request
 * timeout (server/server-options.ts), so it also covers tmp files of requests still running.
 */
export const ORPHAN_GRACE_MS = 10 * 60_000;

/** Of `hashes`, those some image row references. */
async function referenced(db: Executor, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ hash: applicationImages.contentHash })
    .from(applicationImages)
    .where(inArray(applicationImages.contentHash, hashes));
  return new Set(rows.map((row) => row.hash as string));
}

/**
 * Deletes the files of `hashes` that no image row references (any longer). For whoever deletes
 * image rows (the retention job, a failed insert): delete the rows first, then call this with
 * their hashes; a file another application shares stays.
 */
export async function deleteStoredImages(
  db: Executor,
  store: ImageStore,
  hashes: string[],
): Promise<number> {
  const wanted = [...new Set(hashes)].filter(isContentHash);
  const stillUsed = await referenced(db, wanted);
  const orphans = wanted.filter((hash) => !stillUsed.has(hash));
  for (const hash of orphans) await store.remove(hash);
  return orphans.length;
}

/**
 * Deletes kept files no row references and tmp files of dead requests, both older than
 * ORPHAN_GRACE_MS: what a crash between writing a file and committing its row leaves.
 */
export async function sweepOrphanImages(db: Executor, store: ImageStore) {
  const tmpFiles = await store.sweepTmp(ORPHAN_GRACE_MS);
  const old = (await store.list()).filter(
    (file) => Date.now() - file.modifiedAt >= ORPHAN_GRACE_MS,
  );
  let files = 0;
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500).map((file) => file.hash);
    const used = await referenced(db, batch);
    for (const hash of batch) {
      if (used.has(hash)) continue;
      await store.remove(hash);
      files += 1;
    }
  }
  return { tmpFiles, files };
}

/**
 * Images stored before files kept their bytes in the row: writes each to a file and empties
 * the row, one row at a time (memory stays at one image). Idempotent; safe with several
 * processes starting at once (a row is updated only while it still has no hash).
 */
export async function moveImagesOutOfDatabase(db: Executor, store: ImageStore): Promise<number> {
  let moved = 0;
  for (;;) {
    const [row] = await db
      .select({ id: applicationImages.id, data: applicationImages.data })
      .from(applicationImages)
      .where(and(isNull(applicationImages.contentHash), isNotNull(applicationImages.data)))
      .limit(1);
    if (!row?.data) return moved;
    const hash = await store.write(new Uint8Array(row.data));
    await db
      .update(applicationImages)
      .set({ contentHash: hash, data: null })
      .where(and(eq(applicationImages.id, row.id), isNull(applicationImages.contentHash)));
    moved += 1;
  }
}

/** The start-up step: legacy bytes out of the database, then what dead requests left. */
export async function prepareImageStorage(db: Executor, store: ImageStore) {
  const moved = await moveImagesOutOfDatabase(db, store);
  const swept = await sweepOrphanImages(db, store);
  return { moved, ...swept };
}
