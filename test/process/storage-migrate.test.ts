import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BucketConfig } from '../../core/config';
import { createBucketClient } from '../../db/bucket-client';
import { createFileImageStore, type FileImageStore } from '../../db/image-store-files';
import { type ImageStores, openImageStores } from '../../db/image-stores';
import { testConfig } from '../support/app';
import { describeNeeding } from '../support/needs';
import { spawnScript } from '../support/process';
import { type LocalS3, S3_SERVER_MISSING, startLocalS3 } from '../support/s3-server';
import { aPng } from '../support/uploads';

// `npm run storage:migrate` as an operator runs it: DATA_DIR's images into the bucket.

async function migrate(env: Record<string, string>) {
  const run = spawnScript('storage-migrate', env);
  return { code: await run.exited, output: run.output() };
}

describeNeeding(S3_SERVER_MISSING)('npm run storage:migrate', () => {
  let s3: LocalS3;
  let dataDir: string;
  let bucket: ImageStores;
  let env: Record<string, string>;
  let files: { applications: FileImageStore; site: FileImageStore };
  const hashes: string[] = [];
  let siteHash = '';

  beforeAll(async () => {
    s3 = await startLocalS3();
    dataDir = mkdtempSync(join(tmpdir(), 'lunar-migrate-'));
    env = { DATA_DIR: dataDir, ...s3.env };
    files = {
      applications: createFileImageStore(dataDir),
      site: createFileImageStore(join(dataDir, 'site')),
    };
    for (let seed = 1; seed <= 3; seed += 1) {
      hashes.push(await files.applications.write(aPng(20_000 * seed, seed)));
    }
    siteHash = await files.site.write(aPng(500, 9));
    bucket = openImageStores(testConfig(env));
  });
  afterAll(async () => {
    bucket?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every image with its bytes, then finds them there on a second run', async () => {
    const first = await migrate(env);
    expect(first.output).toContain('applications: 3 copied, 0 already in the bucket, 0 damaged');
    expect(first.output).toContain('site: 1 copied, 0 already in the bucket, 0 damaged');
    expect(first.code).toBe(0);
    for (const hash of hashes) {
      expect(await bucket.applications.read(hash)).toEqual(await files.applications.read(hash));
    }
    expect(await bucket.site.read(siteHash)).toEqual(await files.site.read(siteHash));

    const again = await migrate(env);
    expect(again.output).toContain('applications: 0 copied, 3 already in the bucket, 0 damaged');
    expect(again.output).toContain('site: 0 copied, 1 already in the bucket');
    expect(again.code).toBe(0);
  });

  it('resumes: copies what is missing or wrong in the bucket, refuses a damaged file', async () => {
    const [missing, wrong, kept] = hashes as [string, string, string];
    await bucket.applications.remove(missing);
    // An object with other bytes under the name (a copy cut short by another tool).
    const client = createBucketClient(testConfig(env).bucket as BucketConfig);
    await (await client.s3()).send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `uploads/${wrong.slice(0, 2)}/${wrong}`,
        Body: Buffer.from('not the image'),
      }),
    );
    client.destroy();
    // A file on disk whose bytes do not match its name.
    const damaged = 'f'.repeat(64);
    mkdirSync(join(dataDir, 'uploads', 'ff'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'ff', damaged), aPng(300, 10));

    const run = await migrate(env);
    expect(run.output).toContain('applications: 2 copied, 1 already in the bucket, 1 damaged');
    expect(run.output).toContain(
      `damaged (its bytes do not match its name; not copied): ${damaged}`,
    );
    expect(run.code).toBe(1);
    for (const hash of [missing, wrong, kept]) {
      expect(await bucket.applications.read(hash)).toEqual(await files.applications.read(hash));
    }
    expect(await bucket.applications.has(damaged)).toBe(false);
    expect(await bucket.applications.sweepTmp(0)).toBe(0);
    rmSync(join(dataDir, 'uploads', 'ff'), { recursive: true });
  });

  it('stops with how to resume when the bucket is down, and refuses to run without one', async () => {
    await s3.stop();
    try {
      await bucket.applications.remove(hashes[0] as string).catch(() => {});
      const run = await migrate(env);
      expect(run.code).toBe(1);
      expect(run.output).toMatch(/Stopped: bucket lunar-test: .*run npm run storage:migrate again/);
    } finally {
      await s3.start();
    }
    const unset = await migrate({ DATA_DIR: dataDir });
    expect(unset.code).toBe(2);
    expect(unset.output).toContain('S3_BUCKET is not set');
  });
});
