import { createServer, request as httpRequest } from 'node:http';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BucketConfig } from '../../core/config';
import { createBucketClient } from '../../db/bucket-client';
import { type ImageStores, openImageStores } from '../../db/image-stores';
import { seedOnce } from '../../db/seed';
import { buildTestApp, freshIp, testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { describeNeeding } from '../support/needs';
import { countApplicationRows } from '../support/rows';
import { type LocalS3, S3_SERVER_MISSING, startLocalS3 } from '../support/s3-server';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { type Answer, aDesigner, aPng, multipartBody, postInParts } from '../support/uploads';

// The app with S3_BUCKET set (docs/decisions/048-object-storage.md): images go to the bucket,
// are served at the same addresses with the same headers, and a bucket that is down or
// refuses turns a submission away with a 503, leaving no row and, once swept, no object.

for (const driver of DRIVERS) {
  describeNeeding(S3_SERVER_MISSING)(`uploads in a bucket, on ${driver}`, () => {
    let s3: LocalS3;
    let database: TestDatabase;
    let app: FastifyInstance;
    let bucket: ImageStores;

    beforeAll(async () => {
      s3 = await startLocalS3();
      database = await createTestDatabase(driver);
      await seedOnce(database.db);
      app = await buildTestApp(database, { env: s3.env });
      await app.listen({ port: 0, host: '127.0.0.1' });
      bucket = openImageStores(testConfig(s3.env));
    });
    afterAll(async () => {
      bucket?.close();
      await app?.close();
      await database?.close();
      await s3?.close();
    });

    const apply = async (images: Uint8Array<ArrayBuffer>[]) => {
      const { body, contentType } = await multipartBody(
        { application: JSON.stringify(aDesigner()) },
        images.map((data, i) => ({ name: `work-${i}.png`, data })),
      );
      return app.inject({
        method: 'POST',
        url: '/api/applications',
        payload: body,
        headers: { 'content-type': contentType },
        remoteAddress: freshIp(),
      });
    };

    /** What the bucket holds: kept images and pending uploads. */
    const bucketContents = async () => ({
      kept: (await bucket.applications.list()).map((file) => file.hash),
      pending: (await s3Pending(s3)).length,
    });

    it('keeps the images in the bucket and serves them at the same address and headers', async () => {
      const response = await apply([aPng(3000, 1), aPng(4000, 2)]);
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: number };
      const lead = (await signInAsStaff(database.db, ['lead'])).cookie;
      const detail = await app.inject({
        url: `/api/staff/applications/${id}`,
        headers: { cookie: lead },
      });
      const images = (detail.json() as { images: { url: string; byteSize?: number }[] }).images;
      expect(images).toHaveLength(2);
      const kept = (await bucketContents()).kept;
      for (const image of images) {
        expect(kept).toContain(image.url.split('/').pop());
        const served = await app.inject({ url: image.url, headers: { cookie: lead } });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(Number(served.headers['content-length'])).toBe(served.rawPayload.byteLength);
        expect([3000, 4000]).toContain(served.rawPayload.byteLength);
      }
      expect((await bucketContents()).pending).toBe(0);
    });

    it('keeps the site’s images in the bucket and serves them publicly as before', async () => {
      const executive = (await signInAsStaff(database.db, ['executive'])).cookie;
      const { body, contentType } = await multipartBody(
        {},
        [{ name: 'p.png', data: aPng(900, 3) }],
        'image',
      );
      const uploaded = await app.inject({
        method: 'POST',
        url: '/api/staff/content/portfolios/novadev/images',
        payload: body,
        headers: { 'content-type': contentType, cookie: executive, origin: SITE_ORIGIN },
      });
      expect(uploaded.statusCode).toBe(201);
      const { url } = uploaded.json() as { url: string };
      expect(await bucket.site.has(url.split('/').pop() as string)).toBe(true);
      const served = await app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload).toEqual(Buffer.from(aPng(900, 3)));
    });

    it('refuses a dashboard image that is no image, too large or for no one, keeping nothing', async () => {
      const executive = (await signInAsStaff(database.db, ['executive'])).cookie;
      const siteBefore = (await bucket.site.list()).length;
      const send = async (url: string, data: Uint8Array<ArrayBuffer>) => {
        const { body, contentType } = await multipartBody({}, [{ name: 'x.png', data }], 'image');
        return app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: { 'content-type': contentType, cookie: executive, origin: SITE_ORIGIN },
        });
      };
      const images = '/api/staff/content/portfolios/novadev/images';
      const text = await send(images, new TextEncoder().encode('just some text, no image'));
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({
        fieldErrors: { image: expect.stringMatching(/^Only PNG/) },
      });
      const large = await send(images, aPng(5 * 1024 * 1024 + 10, 11));
      expect(large.statusCode).toBe(413);
      const nobody = await send('/api/staff/content/portfolios/nobody-here/images', aPng(500, 12));
      expect(nobody.statusCode).toBe(404);
      expect(await bucket.site.list()).toHaveLength(siteBefore);
      expect(await bucket.site.sweepTmp(0)).toBe(0);
    });

    it('refuses a submission with a clear 503 while the bucket is down, storing nothing', async () => {
      const before = await countApplicationRows(database.db);
      await s3.stop();
      try {
        const response = await apply([aPng(2000, 4)]);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBeDefined();
        expect((response.json() as { message: string }).message).toMatch(
          /cannot store images right now, so nothing was saved/,
        );
        expect(await countApplicationRows(database.db)).toEqual(before);
        // The health check names the part that is down; the pages stay served.
        await expect
          .poll(async () => (await app.inject({ url: '/api/health' })).json())
          .toMatchObject({ status: 'degraded', database: 'up', storage: 'down' });
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await s3.start();
      }
      await expect
        .poll(async () => (await app.inject({ url: '/api/health' })).json())
        .toMatchObject({ status: 'ok', storage: 'up' });
    });

    it('refuses with a 503 when the bucket refuses to keep the second image; the first goes', async () => {
      // The bucket takes every upload but refuses the second copy into place (and its retry).
      const refusing = await startRefusingProxy(s3.port, (copy) => copy >= 2);
      const other = await buildTestApp(database, {
        env: { ...s3.env, S3_ENDPOINT: refusing.url },
      });
      try {
        const before = await countApplicationRows(database.db);
        const keptBefore = (await bucketContents()).kept;
        const { body, contentType } = await multipartBody(
          { application: JSON.stringify(aDesigner()) },
          [
            { name: 'a.png', data: aPng(3000, 7) },
            { name: 'b.png', data: aPng(3000, 8) },
          ],
        );
        const response = await other.inject({
          method: 'POST',
          url: '/api/applications',
          payload: body,
          headers: { 'content-type': contentType },
          remoteAddress: freshIp(),
        });
        expect(response.statusCode).toBe(503);
        expect(refusing.copies()).toBeGreaterThanOrEqual(2);
        // No row, and no object: the image kept first was deleted again, the pending ones too.
        expect(await countApplicationRows(database.db)).toEqual(before);
        expect((await bucketContents()).kept.sort()).toEqual(keptBefore.sort());
        expect((await bucketContents()).pending).toBe(0);
      } finally {
        await other.close();
        await refusing.close();
      }
    });

    it('refuses with a 503 when the bucket fails half-way; what it left is swept', async () => {
      const before = await countApplicationRows(database.db);
      const keptBefore = (await bucketContents()).kept.length;
      const first = aPng(200_000, 5);
      const { body, contentType } = await multipartBody(
        { application: JSON.stringify(aDesigner()) },
        [
          { name: 'a.png', data: first },
          { name: 'b.png', data: aPng(200_000, 6) },
        ],
      );
      const address = app.server.address() as { port: number };
      const post = postInParts(
        `http://127.0.0.1:${address.port}/api/applications`,
        body,
        contentType,
      );
      await post.started;
      // The answers and the first image whole, then the bucket goes down.
      let answer: Answer;
      try {
        await post.send(body.indexOf('filename="b.png"') + 100);
        await expect.poll(async () => (await s3Pending(s3)).length, { timeout: 10_000 }).toBe(1);
        await s3.stop();
        post.end();
        answer = await post.answer;
      } catch (error) {
        post.abort();
        throw error;
      } finally {
        await s3.start();
      }
      expect(answer.status).toBe(503);
      expect(await countApplicationRows(database.db)).toEqual(before);
      // The first image's pending object could not be deleted while the bucket was down: the
      // sweep (at start-up and daily) takes it; nothing was kept.
      expect((await bucketContents()).kept).toHaveLength(keptBefore);
      expect(await bucket.applications.sweepTmp(0)).toBe(1);
      expect(await bucket.applications.sweepTmp(0)).toBe(0);
    });
  });
}

/** The pending objects in the bucket (uploads received, not kept yet), listed without a sweep. */
async function s3Pending(s3: LocalS3): Promise<string[]> {
  const client = createBucketClient(testConfig(s3.env).bucket as BucketConfig);
  try {
    const page = await (await client.s3()).send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'uploads/.tmp/' }),
    );
    return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
  } finally {
    client.destroy();
  }
}

/**
 * An HTTP hop in front of the local S3 server that answers 503 to the copies `refuse` picks
 * (a bucket refusing half-way) and passes everything else through untouched.
 */
async function startRefusingProxy(port: number, refuse: (copy: number) => boolean) {
  let copies = 0;
  const server = createServer((request, response) => {
    if (request.headers['x-amz-copy-source'] && refuse(++copies)) {
      request.resume();
      response.writeHead(503, { 'content-type': 'application/xml' });
      response.end('<Error><Code>ServiceUnavailable</Code><Message>refused</Message></Error>');
      return;
    }
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${own}`,
    copies: () => copies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
