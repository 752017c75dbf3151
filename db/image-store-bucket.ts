import { randomUUID } from 'node:crypto';
import { Readable, type Transform } from 'node:stream';
import type { BucketClient } from './bucket-client';
import {
  describeError,
  type ImageStore,
  isContentHash,
  type ReceivedFile,
  receiveThrough,
  removeAfterAbort,
  StorageError,
  type UploadOptions,
} from './image-store';

// Uploaded images as objects in an S3-compatible bucket (docs/decisions/048-object-storage.md),
// under the same names as the files under DATA_DIR: <prefix>uploads/<two hex digits>/<sha256>,
// received under <prefix>uploads/.tmp/<uuid> and copied into place once whole.

/**
 * The multipart helper sends a part once it holds this much; an image (< 5 MB) is one part,
 * sent as one PUT. So an upload holds at most this much in memory, whatever the file's size.
 */
const PART_BYTES = 5 * 1024 * 1024;

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
};

/** The SDK's commands, loaded with the client on first use (db/bucket-client.ts). */
const sdk = () => import('@aws-sdk/client-s3');

export function createBucketImageStore(client: BucketClient, prefix: string) {
  const bucket = client.bucket;
  const root = `${prefix}uploads/`;
  const tmpPrefix = `${root}.tmp/`;

  function keyOf(hash: string): string {
    if (!isContentHash(hash)) throw new Error(`not a content hash: ${JSON.stringify(hash)}`);
    return `${root}${hash.slice(0, 2)}/${hash}`;
  }

  /** Runs one bucket request; any failure but "no such object" is a StorageError. */
  async function ask<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (isMissing(error)) throw error;
      throw new StorageError(`bucket ${bucket}: cannot ${what}: ${describeError(error)}`, {
        cause: error,
      });
    }
  }

  const removeKey = (key: string) =>
    ask(`delete ${key}`, async () => {
      const { DeleteObjectCommand } = await sdk();
      await (await client.s3()).send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    });

  async function receive(
    source: Readable,
    checks: Transform[] = [],
    { signal }: UploadOptions = {},
  ): Promise<ReceivedFile> {
    const pendingName = `${tmpPrefix}${randomUUID()}`;
    try {
      const received = await receiveThrough(
        source,
        checks,
        `${bucket}/${pendingName}`,
        async (body) => {
          const { Upload } = await import('@aws-sdk/lib-storage');
          const upload = new Upload({
            client: await client.s3(),
            params: { Bucket: bucket, Key: pendingName, Body: body },
            partSize: PART_BYTES,
            queueSize: 1,
            leavePartsOnError: false,
          });
          // Abort makes done() reject at once; the PUT already sent may still land (below).
          const abort = () => void upload.abort();
          if (signal?.aborted) abort();
          signal?.addEventListener('abort', abort, { once: true });
          try {
            await upload.done();
          } finally {
            signal?.removeEventListener('abort', abort);
          }
        },
        { signal },
      );
      return { ...received, pendingName };
    } catch (error) {
      // Nothing half-stored: a refused upload leaves no object (the sweep takes one this misses).
      if (signal?.aborted) void removeAfterAbort(() => removeKey(pendingName));
      else await removeKey(pendingName).catch(() => {});
      throw error;
    }
  }

  /**
   * Copies a received object to its content address, inside the bucket. Always copied, even
   * when that object exists (the same image sent before): the copy refreshes its time, so the
   * orphan sweep does not take it from under the row about to reference it.
   */
  async function keep(file: ReceivedFile, { signal }: UploadOptions = {}): Promise<void> {
    const key = keyOf(file.hash);
    try {
      await ask(`keep ${key}`, async () => {
        const { CopyObjectCommand } = await sdk();
        await (await client.s3()).send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: key,
            CopySource: `${bucket}/${file.pendingName}`,
          }),
          { abortSignal: signal },
        );
      });
    } catch (error) {
      signal?.throwIfAborted();
      throw error;
    }
    await removeKey(file.pendingName).catch(() => {});
  }

  async function getObject(hash: string, range?: string) {
    try {
      const key = keyOf(hash);
      return await ask(`read ${key}`, async () => {
        const { GetObjectCommand } = await sdk();
        return (await client.s3()).send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }),
        );
      });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Every object under `under`, page by page (1,000 a page). */
  async function listKeys(under: string): Promise<{ key: string; modifiedAt: number }[]> {
    const keys: { key: string; modifiedAt: number }[] = [];
    let token: string | undefined;
    do {
      const after = token;
      const page = await ask(`list ${under}`, async () => {
        const { ListObjectsV2Command } = await sdk();
        return (await client.s3()).send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: under, ContinuationToken: after }),
        );
      });
      for (const object of page.Contents ?? []) {
        if (object.Key) {
          keys.push({ key: object.Key, modifiedAt: object.LastModified?.getTime() ?? 0 });
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  const store: ImageStore = {
    kind: 'bucket',
    receive,
    keep,

    async discard(file) {
      await removeKey(file.pendingName).catch(() => {});
    },

    async write(bytes) {
      const file = await receive(Readable.from([Buffer.from(bytes)]));
      await keep(file);
      return file.hash;
    },

    async read(hash) {
      const object = await getObject(hash);
      if (!object?.Body) throw new Error(`no stored file ${hash}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async open(hash) {
      const object = await getObject(hash);
      if (!object?.Body) return null;
      return { byteSize: object.ContentLength ?? 0, stream: object.Body as Readable };
    },

    async readHead(hash, length) {
      const object = await getObject(hash, `bytes=0-${length - 1}`);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async has(hash) {
      try {
        const key = keyOf(hash);
        await ask(`look up ${key}`, async () => {
          const { HeadObjectCommand } = await sdk();
          await (await client.s3()).send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        });
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async remove(hash) {
      await removeKey(keyOf(hash));
    },

    async list() {
      const pattern = new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9a-f]{2}/`);
      return (await listKeys(root)).flatMap(({ key, modifiedAt }) => {
        const hash = key.slice(key.lastIndexOf('/') + 1);
        return pattern.test(key) && isContentHash(hash) ? [{ hash, modifiedAt }] : [];
      });
    },

    async sweepTmp(olderThanMs) {
      const old = (await listKeys(tmpPrefix)).filter(
        (object) => Date.now() - object.modifiedAt >= olderThanMs,
      );
      for (const object of old) await removeKey(object.key);
      return old.length;
    },

    async check() {
      try {
        const { HeadBucketCommand } = await sdk();
        await (await client.s3()).send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        // A missing bucket is as down as an unreachable one.
        throw new StorageError(
          `bucket ${bucket}: cannot reach the bucket: ${describeError(error)}`,
          {
            cause: error,
          },
        );
      }
    },
  };
  return store;
}
