import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  describeError,
  type ImageStore,
  isContentHash,
  type ReceivedFile,
  receiveThrough,
  StorageError,
  type UploadOptions,
} from './image-store';

// Uploaded images as files under <dir>/uploads/<first two hex digits>/<sha256>
// (docs/decisions/015-upload-storage.md), received into uploads/.tmp and renamed into place.

const TMP = '.tmp';

export type FileImageStore = ReturnType<typeof createFileImageStore>;

/** The store of a data directory (DATA_DIR). Nothing is created until something is written. */
export function createFileImageStore(dataDir: string) {
  const root = join(dataDir, 'uploads');
  const tmpDir = join(root, TMP);

  /** Where the file of `hash` lives; throws for anything that is not a hash (no traversal). */
  function pathOf(hash: string): string {
    if (!isContentHash(hash)) throw new Error(`not a content hash: ${JSON.stringify(hash)}`);
    return join(root, hash.slice(0, 2), hash);
  }

  const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

  async function receive(
    source: Readable,
    checks: Transform[] = [],
    options: UploadOptions = {},
  ): Promise<ReceivedFile> {
    await mkdir(tmpDir, { recursive: true }).catch((error: unknown) => {
      throw new StorageError(`cannot create ${tmpDir}: ${describeError(error)}`, { cause: error });
    });
    const pendingName = join(tmpDir, randomUUID());
    let file: WriteStream | undefined;
    try {
      const received = await receiveThrough(
        source,
        checks,
        pendingName,
        (body, storeFailed) => {
          file = createWriteStream(pendingName, { flags: 'wx' });
          file.once('error', storeFailed);
          return pipeline(body, file);
        },
        options,
      );
      return { ...received, pendingName };
    } catch (error) {
      // A stream refused early may still be opening its file, which would then appear after
      // the removal: remove it once the stream has closed.
      if (file && !file.closed) await once(file, 'close').catch(() => {});
      await rm(pendingName, { force: true });
      throw error;
    }
  }

  /**
   * Moves a received file into its content-addressed place. When that file exists already
   * (the same image sent before), its time is refreshed so a sweep does not take it from
   * under the row about to reference it, and the tmp copy is dropped.
   */
  async function keep(file: ReceivedFile, { signal }: UploadOptions = {}): Promise<void> {
    // A disk answers in time: only an upload aborted already is not kept.
    signal?.throwIfAborted();
    const target = pathOf(file.hash);
    await mkdir(join(root, file.hash.slice(0, 2)), { recursive: true });
    const now = new Date();
    const existed = await utimes(target, now, now).then(
      () => true,
      () => false,
    );
    if (existed) await rm(file.pendingName, { force: true });
    else await rename(file.pendingName, target);
  }

  const store: ImageStore = {
    kind: 'files',
    receive,
    keep,

    async discard(file) {
      await rm(file.pendingName, { force: true }).catch(() => {});
    },

    async write(bytes) {
      const file = await receive(Readable.from([Buffer.from(bytes)]));
      await keep(file);
      return file.hash;
    },

    read: async (hash) => readFile(pathOf(hash)),

    async open(hash) {
      const info = await stat(pathOf(hash)).catch(() => null);
      if (!info) return null;
      return { byteSize: info.size, stream: createReadStream(pathOf(hash)) };
    },

    async readHead(hash, length) {
      const handle = await open(pathOf(hash)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const head = Buffer.alloc(length);
        const { bytesRead } = await handle.read(head, 0, length, 0);
        return head.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    has: async (hash) =>
      access(pathOf(hash)).then(
        () => true,
        () => false,
      ),

    async remove(hash) {
      await rm(pathOf(hash), { force: true });
    },

    async list() {
      const files: { hash: string; modifiedAt: number }[] = [];
      const folders = await readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await readdir(join(root, folder)).catch(() => [] as string[])) {
          if (!isContentHash(name)) continue;
          const info = await stat(join(root, folder, name)).catch(() => null);
          if (info) files.push({ hash: name, modifiedAt: info.mtimeMs });
        }
      }
      return files;
    },

    async sweepTmp(olderThanMs) {
      const names = await readdir(tmpDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const path = join(tmpDir, name);
        const info = await stat(path).catch(() => null);
        if (info && Date.now() - info.mtimeMs >= olderThanMs) {
          await rm(path, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    // A disk is there while the process runs: DATA_DIR was checked writable at start-up.
    check: async () => {},
  };
  return { ...store, root, tmpDir, pathOf };
}
