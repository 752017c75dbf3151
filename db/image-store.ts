import { createHash } from 'node:crypto';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Uploaded images, named by the SHA-256 of their bytes, in one of two places behind one
// interface (chosen by db/image-stores.ts): files under DATA_DIR (db/image-store-files.ts,
// decision 015) or an S3-compatible bucket (db/image-store-bucket.ts, decision 048). The
// database keeps the hash and the metadata. A file is received under a pending name first
// and kept under its hash only when whole, so a reader never sees half a file; one image sent
// twice is one file.

const HASH = /^[0-9a-f]{64}$/;

/** True for a 64-digit lowercase hex SHA-256: the only text that ever names a stored file. */
export const isContentHash = (text: string) => HASH.test(text);

/**
 * The store could not write or read (no permission, a full disk, a bucket that is down or
 * refuses): the server's fault, never the sender's. Routes answer it with a 503
 * (server/plugins/errors.ts) and log it.
 */
export class StorageError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** The folder under DATA_DIR (and the prefix in the bucket) of the site's own images. */
export const SITE_MEDIA_FOLDER = 'site';

/** A file received whole under a pending name, not yet kept. */
export type ReceivedFile = { hash: string; byteSize: number; pendingName: string };

/**
 * Stops an upload: aborting it makes `receive` and `keep` reject at once with the signal's
 * reason (an upload past its deadline, a client that left), whatever the store is doing.
 */
export type UploadOptions = { signal?: AbortSignal };

/** A kept file opened for sending: its size and its bytes as a stream. */
export type OpenedFile = { byteSize: number; stream: Readable };

export interface ImageStore {
  /** Where the files are, for logs and `/api/health`. */
  readonly kind: 'files' | 'bucket';
  /**
   * Streams `source` through `checks` (transforms that may fail the upload, e.g. a size or
   * type check) under a pending name while hashing it. On any failure nothing is left and the
   * error is thrown: a StorageError when the store failed, the sender's own error otherwise.
   * Aborted, what it stored is removed in the background (`removeAfterAbort`).
   */
  receive(source: Readable, checks?: Transform[], options?: UploadOptions): Promise<ReceivedFile>;
  /** Keeps a received file under its hash (refreshing its time when it was kept before). */
  keep(file: ReceivedFile, options?: UploadOptions): Promise<void>;
  /** Drops a received file that will not be kept; never throws (the sweep takes what is left). */
  discard(file: ReceivedFile): Promise<void>;
  /** Writes bytes as a kept file; answers their hash. */
  write(bytes: Uint8Array): Promise<string>;
  /** The bytes of a kept file (throws when it is missing). */
  read(hash: string): Promise<Buffer>;
  /** A kept file to stream out, or null when there is none. */
  open(hash: string): Promise<OpenedFile | null>;
  /** The first `length` bytes of a kept file, or null when there is none. */
  readHead(hash: string, length: number): Promise<Buffer | null>;
  has(hash: string): Promise<boolean>;
  remove(hash: string): Promise<void>;
  /** Every kept file with the time it was last written or kept again. */
  list(): Promise<{ hash: string; modifiedAt: number }[]>;
  /** Removes pending files older than `olderThanMs`: left by requests that died. */
  sweepTmp(olderThanMs: number): Promise<number>;
  /** Resolves when the store can be reached; rejects with why otherwise (`/api/health`). */
  check(): Promise<void>;
}

/**
 * Streams `source` through `checks` into `write` (which consumes the body it is given) while
 * hashing (`target` names where, for the error), and tells whose a failure was. Only the
 * store's own (a file it cannot write, a bucket that refuses) becomes a StorageError; the
 * source's (a client that hung up, a malformed form) and the checks' (too large, not an
 * image) stay as they are, although the pipeline then fails every stream with that same
 * error: whoever reported an error first owns it. `write` calls `storeFailed` at its
 * failure's origin where it can (an fs stream's own error event); a rejection of `write`
 * counts as the store's unless the sender reported that error first.
 */
export async function receiveThrough(
  source: Readable,
  checks: Transform[],
  target: string,
  write: (body: Readable, storeFailed: (error: unknown) => void) => Promise<void>,
  { signal }: UploadOptions = {},
): Promise<{ hash: string; byteSize: number }> {
  const hash = createHash('sha256');
  let byteSize = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      byteSize += chunk.byteLength;
      done(null, chunk);
    },
  });
  const origin = new Map<unknown, 'store' | 'sender'>();
  const blame = (who: 'store' | 'sender') => (error: unknown) => {
    if (!origin.has(error)) origin.set(error, who);
  };
  for (const stream of [source, ...checks, measure]) stream.once('error', blame('sender'));
  const storeFailed = blame('store');
  const body = new PassThrough();
  const writing = write(body, storeFailed).catch((error: unknown) => {
    storeFailed(error);
    // The pipeline would otherwise wait for ever on a body nobody reads any more.
    body.destroy(error as Error);
    throw error;
  });
  const [piped, written] = await Promise.allSettled([
    pipeline([source, ...checks, measure, body], { signal }),
    writing,
  ]);
  signal?.throwIfAborted();
  if (piped.status === 'rejected') {
    const error = piped.reason;
    if (origin.get(error) !== 'store') throw error;
    throw new StorageError(`cannot write ${target}: ${describeError(error)}`, { cause: error });
  }
  if (written.status === 'rejected') {
    const error = written.reason;
    throw new StorageError(`cannot write ${target}: ${describeError(error)}`, { cause: error });
  }
  return { hash: hash.digest('hex'), byteSize };
}

export const describeError = (error: unknown) =>
  (error as { code?: string }).code ??
  (error as { name?: string }).name ??
  (error instanceof Error ? error.message : String(error));

/** Attempts at removing what an aborted upload stored, each bounded by the store's timeouts. */
const REMOVAL_ATTEMPTS = 3;
/**
 * How long after the removal succeeded it is made once more (see below): longer than the SDK
 * may go on with a request lib-storage's Upload cannot abort (its PUT), its retry included:
 * two attempts of at most 10 s each plus their connect and back-off (db/bucket-client.ts). At
 * 12 s a retried PUT was seen landing after the second removal.
 */
const LATE_REQUEST_MS = 30_000;

/**
 * Removes what an aborted upload stored, without keeping anyone waiting: the caller does not
 * await it. A bucket that stalled (stopped, overloaded) may still carry out a request we gave
 * up on once it wakes, its bytes being in its socket already, possibly after our delete: so
 * the removal is tried until it succeeds, then once more a moment later. What it cannot
 * remove (the bucket stays down) the orphan sweep takes (db/image-files.ts).
 */
export async function removeAfterAbort(remove: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; attempt <= REMOVAL_ATTEMPTS; attempt += 1) {
    try {
      await remove();
      await new Promise((wait) => setTimeout(wait, LATE_REQUEST_MS).unref());
      await remove();
      return;
    } catch {
      // The store's own timeouts spaced the attempts; the sweep takes what the last one left.
    }
  }
}
