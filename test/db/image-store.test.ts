import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ImageStore, StorageError } from '../../db/image-store';
import { openImageStores } from '../../db/image-stores';
import { testConfig } from '../support/app';
import { describeNeeding } from '../support/needs';
import { type LocalS3, S3_SERVER_MISSING, startLocalS3 } from '../support/s3-server';
import { aPng } from '../support/uploads';

// One suite, both stores (db/image-store.ts): files under DATA_DIR and an S3 bucket, the
// latter on a local S3 server this file starts (under CI=true a missing one fails).

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const refused = () =>
  new Transform({
    transform(_chunk, _encoding, done) {
      done(new Error('refused'));
    },
  });

type Kind = 'files' | 'bucket';

for (const kind of ['files', 'bucket'] as Kind[]) {
  describeNeeding(kind === 'bucket' ? S3_SERVER_MISSING : null)(`the image store: ${kind}`, () => {
    let s3: LocalS3 | undefined;
    let dir: string;
    let store: ImageStore;
    let site: ImageStore;
    let close: () => void;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'lunar-store-'));
      if (kind === 'bucket') s3 = await startLocalS3();
      const stores = openImageStores(testConfig({ DATA_DIR: dir, ...s3?.env }));
      ({ applications: store, site, close } = stores);
      expect(store.kind).toBe(kind);
    });
    afterAll(async () => {
      close?.();
      await s3?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps a received file under its SHA-256, and nothing pending', async () => {
      const bytes = aPng(5000, 1);
      const file = await store.receive(Readable.from([Buffer.from(bytes)]));
      expect(file).toMatchObject({ hash: sha256(bytes), byteSize: 5000 });
      expect(await store.has(file.hash)).toBe(false);
      await store.keep(file);
      expect(await store.has(file.hash)).toBe(true);
      expect(await store.read(file.hash)).toEqual(Buffer.from(bytes));
      const opened = await store.open(file.hash);
      expect(opened?.byteSize).toBe(5000);
      expect(await buffer(opened?.stream as Readable)).toEqual(Buffer.from(bytes));
      expect(await store.readHead(file.hash, 8)).toEqual(Buffer.from(bytes.subarray(0, 8)));
      expect((await store.list()).map((kept) => kept.hash)).toContain(file.hash);
      expect(await store.sweepTmp(0)).toBe(0);
    });

    it('keeps one file for the same image sent twice', async () => {
      const bytes = aPng(300, 2);
      const first = await store.write(bytes);
      const second = await store.write(bytes);
      expect(second).toBe(first);
      expect((await store.list()).filter((kept) => kept.hash === first)).toHaveLength(1);
      expect(await store.sweepTmp(0)).toBe(0);
    });

    it('leaves nothing when a check refuses half-way, and keeps the check’s error', async () => {
      const before = (await store.list()).length;
      const source = Readable.from([Buffer.from('a'), Buffer.from('b')]);
      const error = await store.receive(source, [refused()]).catch((caught) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(StorageError);
      expect((error as Error).message).toBe('refused');
      expect(await store.sweepTmp(0)).toBe(0);
      expect(await store.list()).toHaveLength(before);
    });

    it('stops reading a source the checks refuse (a cap enforced while streaming)', async () => {
      let produced = 0;
      // An endless upload: only a check that fails while it streams can end it.
      const endless = new Readable({
        read() {
          produced += 64 * 1024;
          this.push(Buffer.alloc(64 * 1024, 1));
        },
      });
      let seen = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.byteLength;
          done(seen > 1024 * 1024 ? new Error('too large') : null, chunk);
        },
      });
      await expect(store.receive(endless, [cap])).rejects.toThrow('too large');
      expect(produced).toBeLessThan(16 * 1024 * 1024);
      expect(await store.sweepTmp(0)).toBe(0);
    });

    it('leaves a failing source’s error as it is (the sender hung up)', async () => {
      const hungUp = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      const source = new Readable({
        read() {
          this.destroy(hungUp);
        },
      });
      await expect(store.receive(source)).rejects.toBe(hungUp);
      expect(await store.sweepTmp(0)).toBe(0);
    });

    it('discards a received file it will not keep', async () => {
      const file = await store.receive(Readable.from([Buffer.from(aPng(100, 3))]));
      await store.discard(file);
      expect(await store.has(file.hash)).toBe(false);
      expect(await store.sweepTmp(0)).toBe(0);
    });

    it('removes a kept file: then it is missing everywhere', async () => {
      const hash = await store.write(aPng(100, 4));
      await store.remove(hash);
      expect(await store.has(hash)).toBe(false);
      expect(await store.open(hash)).toBeNull();
      expect(await store.readHead(hash, 8)).toBeNull();
      await expect(store.read(hash)).rejects.toThrow();
      expect((await store.list()).map((kept) => kept.hash)).not.toContain(hash);
    });

    it('sweeps pending files of requests that died', async () => {
      const pending = await store.receive(Readable.from([Buffer.from(aPng(100, 5))]));
      expect(await store.sweepTmp(60_000)).toBe(0);
      expect(await store.sweepTmp(0)).toBe(1);
      await store.keep(pending).catch(() => {}); // gone: nothing to keep any more
      expect(await store.has(pending.hash)).toBe(false);
    });

    it('keeps the site’s images apart from the applicants’', async () => {
      const hash = await site.write(aPng(100, 6));
      expect(await site.has(hash)).toBe(true);
      expect(await store.has(hash)).toBe(false);
      expect((await store.list()).map((kept) => kept.hash)).not.toContain(hash);
    });

    it('names no file but by a hash (no traversal)', async () => {
      for (const name of ['../../etc/passwd', 'A'.repeat(64), '', `${'a'.repeat(63)}/`]) {
        await expect(store.has(name)).rejects.toThrow('not a content hash');
      }
    });

    it('answers its check while it can be reached', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });
  });
}

describeNeeding(S3_SERVER_MISSING)('the bucket store when the bucket is down or refuses', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3?.close());

  it('calls every failure a StorageError, and the check says why', async () => {
    const { applications: store, close } = openImageStores(testConfig(s3.env));
    const kept = await store.write(aPng(100, 7));
    await s3.stop();
    try {
      const receiving = store.receive(Readable.from([Buffer.from(aPng(100, 8))]));
      await expect(receiving).rejects.toBeInstanceOf(StorageError);
      await expect(receiving).rejects.toThrow(/^cannot write lunar-test\/uploads\/\.tmp\//);
      await expect(store.open(kept)).rejects.toBeInstanceOf(StorageError);
      await expect(store.list()).rejects.toBeInstanceOf(StorageError);
      await expect(store.check()).rejects.toThrow(/^bucket lunar-test: cannot reach the bucket/);
    } finally {
      await s3.start();
      close();
    }
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('calls a bucket that refuses the key or does not exist a StorageError', async () => {
    for (const env of [
      { ...s3.env, S3_ACCESS_KEY_ID: 'SOMEONE-ELSE' },
      { ...s3.env, S3_BUCKET: 'no-such-bucket' },
    ]) {
      const { applications: store, close } = openImageStores(testConfig(env));
      try {
        const receiving = store.receive(Readable.from([Buffer.from(aPng(100, 9))]));
        await expect(receiving).rejects.toBeInstanceOf(StorageError);
        await expect(store.check()).rejects.toBeInstanceOf(StorageError);
      } finally {
        close();
      }
    }
  });
});
