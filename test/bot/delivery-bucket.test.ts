import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseApplicationReference } from '../../core/applications';
import { buildTestApp, testConfig } from '../support/app';
import { describeNeeding } from '../support/needs';
import { type LocalS3, S3_SERVER_MISSING, startLocalS3 } from '../support/s3-server';
import { designerAnswers, pngBytes, submitApplication } from './factories';
import { type BotHarness, startBotHarness } from './harness';

// The worker attaches the images the web role put in the bucket (decision 048): nothing of
// them is on this machine's disk.
describeNeeding(S3_SERVER_MISSING)(
  'delivery of an application whose images are in a bucket',
  () => {
    let h: BotHarness;
    let s3: LocalS3;
    let app: FastifyInstance;

    beforeAll(async () => {
      s3 = await startLocalS3();
      h = await startBotHarness('pglite');
      app = await buildTestApp(h.database, { env: { ...h.env, ...s3.env } });
    });
    afterAll(async () => {
      await app?.close();
      await h?.close();
      await s3?.close();
    });

    it('attaches the images read from the bucket', async () => {
      const images = [pngBytes(1, 300), pngBytes(2, 700)];
      const { status, id } = await submitApplication(app, designerAnswers(1), images);
      expect(status).toBe(201);
      const config = testConfig({ ...h.env, ...s3.env });
      const uploads = join(config.DATA_DIR, 'uploads');
      const onDisk = existsSync(uploads)
        ? readdirSync(uploads).filter((name) => name !== '.tmp')
        : [];
      expect(onDisk).toEqual([]);
      const worker = h.startWorker({}, config);
      const posted = () =>
        h.fake.messages.filter((message) => {
          const footer = (message.embeds[0]?.footer as { text?: string } | undefined)?.text ?? '';
          return parseApplicationReference(footer.replace(/^Application /, ''))?.id === id;
        });
      try {
        await expect.poll(() => posted().length, { timeout: 5000 }).toBe(1);
      } finally {
        await worker.close();
      }
      expect(posted()[0]?.attachments.map((file) => new Uint8Array(file.bytes))).toEqual(images);
    });
  },
);
