import { connect, createServer, type Socket } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { BucketConfig } from '../../core/config';
import { createBucketClient } from '../../db/bucket-client';
import { seedOnce } from '../../db/seed';
import { buildTestApp, freshIp, testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { describeNeeding } from '../support/needs';
import { countApplicationRows } from '../support/rows';
import { type LocalS3Process, S3_SERVER_MISSING, startLocalS3Process } from '../support/s3-server';
import { aDesigner, aPng, multipartBody, postInParts } from '../support/uploads';

// A bucket that hangs (issue 30): the local S3 server in its own process, stopped with SIGSTOP,
// accepts connections (the kernel does) and answers nothing. An upload gets its 503 "nothing was
// saved" at the deadline, and once the bucket wakes nothing of it is left: no row, no object;
// the same for an applicant who leaves while the bucket hangs (decision 048).

for (const driver of DRIVERS) {
  describeNeeding(S3_SERVER_MISSING)(`an upload while the bucket hangs, on ${driver}`, () => {
    let s3: LocalS3Process;
    let database: TestDatabase;
    const apps: FastifyInstance[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(driver);
      await seedOnce(database.db);
    });
    afterAll(async () => {
      await database?.close();
    });
    // A bucket of its own for each test: a PUT the first test's sleeping bucket carries out
    // late (and the store removes 30 s later) must not count as "what was stored" in the next.
    beforeEach(async () => {
      s3 = await startLocalS3Process();
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
      await s3?.close();
    });

    /** The app on a real port, its bucket at `endpoint` (the S3 server unless said). */
    async function startApp(env: Record<string, string>) {
      const app = await buildTestApp(database, { env: { ...s3.env, ...env } });
      apps.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    }

    const twoImages = () =>
      multipartBody({ application: JSON.stringify(aDesigner()) }, [
        { name: 'a.png', data: aPng(3000, 1) },
        { name: 'b.png', data: aPng(3000, 2) },
      ]);

    // The removal after a deadline is made once more after a bucket request's longest life
    // (db/image-store.ts): these tests wait for it, so they get a minute.
    /** What is stored: the rows an application writes, and every object in the bucket. */
    const stored = async () => ({
      rows: await countApplicationRows(database.db),
      objects: await bucketKeys(s3),
    });

    it('answers 503 "nothing was saved" at the deadline; once the bucket wakes, nothing is left', async () => {
      const url = await startApp({ UPLOAD_DEADLINE_SECONDS: '1' });
      const before = await stored();
      const { body, contentType } = await twoImages();
      s3.pause();
      let answer: Response;
      try {
        // Without a deadline this waited for as long as the bucket slept.
        answer = await fetch(`${url}/api/applications`, {
          method: 'POST',
          body: new Uint8Array(body),
          headers: { 'content-type': contentType },
        });
      } finally {
        s3.resume();
      }
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBeTruthy();
      expect(((await answer.json()) as { message: string }).message).toMatch(
        /cannot store images right now, so nothing was saved/,
      );
      // The PUT the bucket received while asleep is carried out when it wakes: removed again.
      await expect.poll(stored, { timeout: 50_000, interval: 250 }).toEqual(before);
    }, 90_000);

    it('stores nothing for an applicant who leaves while the bucket hangs', async () => {
      const watched = await startWatchedHop(s3.port);
      try {
        // The deadline is far: what stops this upload is the applicant leaving.
        const url = await startApp({
          S3_ENDPOINT: watched.url,
          UPLOAD_DEADLINE_SECONDS: '300',
        });
        const before = await stored();
        const { body, contentType } = await twoImages();
        s3.pause();
        try {
          const post = postInParts(`${url}/api/applications`, body, contentType);
          await post.started;
          post.end();
          // The whole body is sent and the first image's PUT is on its way to the sleeping bucket.
          await expect.poll(() => watched.received(), { timeout: 10_000 }).toBeGreaterThan(3000);
          post.abort();
          await post.answer.catch(() => {});
        } finally {
          s3.resume();
        }
        await expect.poll(stored, { timeout: 50_000, interval: 250 }).toEqual(before);
        // Once a later application went through the same bucket, the one given up on would
        // have been stored by now (it was before the fix): still nothing of it.
        const { body: next, contentType: nextType } = await multipartBody(
          { application: JSON.stringify(aDesigner()) },
          [{ name: 'c.png', data: aPng(3000, 3) }],
        );
        const later = await apps.at(-1)?.inject({
          method: 'POST',
          url: '/api/applications',
          payload: next,
          headers: { 'content-type': nextType },
          remoteAddress: freshIp(),
        });
        expect(later?.statusCode).toBe(201);
        // A PUT the sleeping bucket took in before it woke may land after the first removal;
        // the store removes the given-up keys again once such a request has had its time (30 s).
        await expect
          .poll(async () => (await stored()).objects.length, { timeout: 50_000, interval: 500 })
          .toBe(1);
        const after = await stored();
        expect(after.rows.applications).toBe(before.rows.applications + 1);
        expect(after.objects).toHaveLength(1);
      } finally {
        await watched.close();
      }
    }, 150_000);
  });
}

/** Every object in the local S3 server's bucket: kept images and pending uploads alike. */
async function bucketKeys(s3: LocalS3Process): Promise<string[]> {
  const client = createBucketClient(testConfig(s3.env).bucket as BucketConfig);
  try {
    const page = await (await client.s3()).send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
  } finally {
    client.destroy();
  }
}

/**
 * A TCP hop in front of the S3 server that counts the bytes the app sends through it, so a test
 * sees the app's request reach a bucket that cannot answer.
 */
async function startWatchedHop(port: number) {
  let received = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
    });
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${own}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
