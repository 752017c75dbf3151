import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Uploaded images as files under DATA_DIR/uploads, named by the SHA-256 of their bytes
// (docs/decisions/015-upload-storage.md). The database keeps the hash and the metadata. A file
// is written to uploads/.tmp first and renamed into place only when whole, so a reader never
// sees half a file; one image sent twice is one file.

const HASH = /^[0-9a-f]{64}$/;
const TMP = '.tmp';

/**
 * The store could not write a file (no permission, a full or read-only disk): the server's
 * fault, never the sender's. Routes answer it with a 500 and its reference, and log it.
 */
export class StorageError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** The folder under DATA_DIR for the site's own images (server/site-media.ts). */
export const SITE_MEDIA_FOLDER = 'site';

/** A file received whole into the tmp folder, not yet kept. */
export type ReceivedFile = { hash: string; byteSize: number; tmpPath: string };

export type ImageStore = ReturnType<typeof createImageStore>;

/** The store of a data directory (DATA_DIR). Nothing is created until something is written. */
export function createImageStore(dataDir: string) {
  const root = join(dataDir, 'uploads');
  const tmpDir = join(root, TMP);

  /** Where the file of `hash` lives; throws for anything that is not a hash (no traversal). */
  function pathOf(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`not a content hash: ${JSON.stringify(hash)}`);
    return join(root, hash.slice(0, 2), hash);
  }

  /**
   * Streams `source` through `checks` (transforms that may fail the upload, e.g. a size or
   * type check) into a tmp file while hashing it. On any failure the tmp file is removed and
   * the error thrown; nothing is kept until `keep`.
   */
  async function receive(source: Readable, checks: Transform[] = []): Promise<ReceivedFile> {
    await mkdir(tmpDir, { recursive: true }).catch((error: unknown) => {
      throw new StorageError(`cannot create ${tmpDir}: ${describe(error)}`, { cause: error });
    });
    const tmpPath = join(tmpDir, randomUUID());
    const hash = createHash('sha256');
    let byteSize = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        byteSize += chunk.byteLength;
        done(null, chunk);
      },
    });
    const file = createWriteStream(tmpPath, { flags: 'wx' });
    // Only the file's own failure is the store's. The source's (a client that hung up, a
    // malformed form) and the checks' (too large, not an image) are the sender's and stay as
    // they are, although the pipeline then fails the file with that same error.
    // The pipeline passes the first failure to every stream, so whose it was is whichever
    // stream reported it first.
    let failedFirst: 'file' | 'upstream' | undefined;
    for (const stream of [source, ...checks, measure]) {
      stream.once('error', () => {
        failedFirst ??= 'upstream';
      });
    }
    file.once('error', () => {
      failedFirst ??= 'file';
    });
    try {
      await pipeline([source, ...checks, measure, file]);
    } catch (error) {
      await rm(tmpPath, { force: true });
      if (failedFirst === 'file') {
        throw new StorageError(`cannot write ${tmpPath}: ${describe(error)}`, { cause: error });
      }
      throw error;
    }
    return { hash: hash.digest('hex'), byteSize, tmpPath };
  }

  /**
   * Moves a received file into its content-addressed place. When that file exists already
   * (the same image sent before), its time is refreshed so a sweep does not take it from
   * under the row about to reference it, and the tmp copy is dropped.
   */
  async function keep(file: ReceivedFile): Promise<void> {
    const target = pathOf(file.hash);
    await mkdir(join(root, file.hash.slice(0, 2)), { recursive: true });
    const now = new Date();
    const existed = await utimes(target, now, now).then(
      () => true,
      () => false,
    );
    if (existed) await rm(file.tmpPath, { force: true });
    else await rename(file.tmpPath, target);
  }

  return {
    root,
    tmpDir,
    receive,
    keep,
    pathOf,
    isHash: (text: string) => HASH.test(text),

    /** Removes a received file that will not be kept. */
    async discard(file: ReceivedFile): Promise<void> {
      await rm(file.tmpPath, { force: true });
    },

    /** Writes bytes as a kept file (the legacy rows' bytes); answers their hash. */
    async write(bytes: Uint8Array): Promise<string> {
      const file = await receive(Readable.from([Buffer.from(bytes)]));
      await keep(file);
      return file.hash;
    },

    read: (hash: string): Promise<Buffer> => readFile(pathOf(hash)),
    open: (hash: string): ReadStream => createReadStream(pathOf(hash)),

    async remove(hash: string): Promise<void> {
      await rm(pathOf(hash), { force: true });
    },

    /** Every kept file with the time it was last written or kept again. */
    async list(): Promise<{ hash: string; modifiedAt: number }[]> {
      const files: { hash: string; modifiedAt: number }[] = [];
      const folders = await readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await readdir(join(root, folder)).catch(() => [] as string[])) {
          if (!HASH.test(name)) continue;
          const info = await stat(join(root, folder, name)).catch(() => null);
          if (info) files.push({ hash: name, modifiedAt: info.mtimeMs });
        }
      }
      return files;
    },

    /** Removes tmp files older than `olderThanMs`: left by requests that died with the process. */
    async sweepTmp(olderThanMs: number): Promise<number> {
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
  };
}

const describe = (error: unknown) =>
  (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
