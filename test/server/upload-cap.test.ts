import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFileImageStore } from '../../db/image-store-files';
import { applicationImages, applications } from '../../db/schema';
import { freshIp, testConfig } from '../support/app';
import { DRIVERS } from '../support/database';
import { countApplicationRows } from '../support/rows';
import { aDesigner, aPng, multipartBody, postInParts } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

// MAX_CONCURRENT_UPLOADS (decision 048): past the cap an upload is answered 503 with
// Retry-After before its body is read, and the uploads taken are stored whole.

const CAP = 2;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(DRIVERS)('uploads past the cap on %s', (driver) => {
  const server = useTestApp(driver, {
    env: { MAX_CONCURRENT_UPLOADS: String(CAP), TRUST_PROXY: '1' },
  });
  const pendingDir = () => join(testConfig().DATA_DIR, 'uploads', '.tmp');
  const pendingFiles = () => readdirSync(pendingDir(), { withFileTypes: true }).length;
  let url: string;

  beforeAll(async () => {
    rmSync(join(testConfig().DATA_DIR, 'uploads'), { recursive: true, force: true });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  });

  /** A designer application with two images, from an address of its own (TRUST_PROXY). */
  async function anUpload(seed: number) {
    const images = [aPng(300_000, seed), aPng(300_000, seed + 1)];
    const { body, contentType } = await multipartBody(
      { application: JSON.stringify(aDesigner({ robloxUsername: `capped_${seed}` })) },
      images.map((data, i) => ({ name: `${i}.png`, data })),
    );
    const post = postInParts(`${url}/api/applications`, body, contentType, {
      'x-forwarded-for': freshIp(),
    });
    return { post, body, images, seed };
  }

  it('answers 503 with Retry-After past the cap, unread, and stores the uploads it took whole', async () => {
    const before = await countApplicationRows(server.database.db);
    // CAP uploads under way, each halfway through its first image: each holds a slot.
    const taken = await Promise.all(Array.from({ length: CAP }, (_, i) => anUpload(10 * i + 1)));
    for (const { post, body } of taken) {
      await post.started;
      await post.send(body.indexOf('filename="1.png"') - 150_000);
    }
    await expect.poll(pendingFiles, { timeout: 10_000 }).toBe(CAP);

    const refused = await Promise.all([anUpload(101), anUpload(111), anUpload(121)]);
    for (const { post } of refused) post.end();
    for (const { post } of refused) {
      const answer = await post.answer;
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('10');
      expect(JSON.parse(answer.text)).toMatchObject({
        message: expect.stringMatching(/so nothing was saved. Please try again in a few seconds/),
      });
    }
    // Refused before a byte of their images was read: only the two uploads' pending files.
    expect(pendingFiles()).toBe(CAP);

    for (const { post } of taken) post.end();
    for (const { post } of taken) expect((await post.answer).status).toBe(201);
    const after = await countApplicationRows(server.database.db);
    expect(after.applications).toBe(before.applications + CAP);
    expect(after.images).toBe(before.images + 2 * CAP);
    // Stored whole: each image's bytes as sent, under the hash of what was sent.
    for (const { images, seed } of taken) {
      const rows = await server.database.db
        .select({ hash: applicationImages.contentHash, byteSize: applicationImages.byteSize })
        .from(applicationImages)
        .innerJoin(applications, eq(applications.id, applicationImages.applicationId))
        .where(eq(applications.robloxUsername, `capped_${seed}`));
      expect(rows.map((row) => row.hash).sort()).toEqual(images.map(sha256).sort());
      for (const image of images) {
        const kept = await createFileImageStore(testConfig().DATA_DIR).read(sha256(image));
        // Compared as bytes at once: a deep equality over 300,000 elements takes seconds.
        expect(kept.equals(image)).toBe(true);
      }
    }

    // The slots are free again once the uploads were answered.
    const again = await anUpload(201);
    again.post.end();
    expect((await again.post.answer).status).toBe(201);
  });
});
