import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention, startRetentionJob } from '../../bot/retention/job';
import type { Application } from '../../core/applications';
import { createFileImageStore } from '../../db/image-store-files';
import { type ImageStores, openImageStores } from '../../db/image-stores';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { createContactMessagesRepository } from '../../db/repositories/contact-messages';
import { createOutboxRepository } from '../../db/repositories/outbox';
import { applicationImages, applications, contactMessages, outbox } from '../../db/schema';
import { testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { describeNeeding } from '../support/needs';
import { type LocalS3, S3_SERVER_MISSING, startLocalS3 } from '../support/s3-server';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const NOW = new Date('2026-11-23T12:00:00Z');

const aDesigner = (discordUsername: string): Application =>
  ({
    type: 'designer',
    robloxUsername: 'roblox_des',
    discordUsername,
    age: 17,
    activityLevel: 8,
    designStyle: 'Minimal',
    tools: 'Photoshop',
    designProcess: 'Sketch first',
    designChallenges: 'Deadlines',
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: '',
    agreeTerms: true,
  }) as Application;

/** Collects log lines, so a test can read what the job said (and that it named no one). */
function memoryLog() {
  const lines: { obj: unknown; msg?: string }[] = [];
  const push = (obj: unknown, msg?: string) => {
    lines.push({ obj, msg });
  };
  return { lines, log: { debug: push, info: push, warn: push, error: push } };
}

describe.each(DRIVERS)('retention job on %s', (driver) => {
  let database: TestDatabase;
  // Each test file has its own DATA_DIR (test/support/app.ts); the images are files there.
  const images = createFileImageStore(testConfig().DATA_DIR);
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('deletes applications, their images and contact messages past the period, keeps the rest', async () => {
    const apps = createApplicationsRepository(database.db);
    const contact = createContactMessagesRepository(database.db);
    const outboxRepo = createOutboxRepository(database.db);
    const contentHash = await images.write(PNG);
    const kept = await images.write(new Uint8Array([...PNG, 4]));
    const image = {
      filename: 'a.png',
      contentType: 'image/png' as const,
      contentHash,
      byteSize: PNG.byteLength,
    };
    const keptImage = { ...image, contentHash: kept };

    const old = await apps.create(aDesigner('old_applicant'), {
      images: [image, image],
      submittedAt: new Date('2025-11-01T00:00:00Z'),
    });
    const recent = await apps.create(aDesigner('recent_applicant'), {
      images: [keptImage],
      submittedAt: new Date('2025-12-01T00:00:00Z'),
    });
    const oldMessage = await contact.create({
      name: 'Old Sender',
      email: 'old@example.com',
      subject: 'Old',
      message: 'Old message',
    });
    const newMessage = await contact.create({
      name: 'New Sender',
      email: 'new@example.com',
      subject: 'New',
      message: 'New message',
    });
    await database.db
      .update(contactMessages)
      .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
      .where(eq(contactMessages.id, oldMessage.id));
    // The old application's delivery went out long ago; the old message's never did.
    const [oldDelivery] = await database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'application' and ${outbox.refId} = ${old.id}`);
    if (!oldDelivery) throw new Error('no outbox row');
    await outboxRepo.markDelivered(oldDelivery.id, { channelId: '1', messageId: '2' });

    const { lines, log } = memoryLog();
    const counts = await runRetention(database.db, { months: 12, images, now: NOW, log });
    expect(counts).toEqual({ applications: 1, images: 2, contactMessages: 1, deliveries: 2 });

    const appIds = (await database.db.select({ id: applications.id }).from(applications)).map(
      (row) => row.id,
    );
    expect(appIds).toEqual([recent.id]);
    const imageOwners = await database.db
      .select({ applicationId: applicationImages.applicationId })
      .from(applicationImages);
    expect(imageOwners).toEqual([{ applicationId: recent.id }]);
    // The deleted application's file is gone; the kept one's is still there.
    await expect(images.read(contentHash)).rejects.toThrow();
    expect(await images.read(kept)).toBeInstanceOf(Buffer);
    const messageIds = (
      await database.db.select({ id: contactMessages.id }).from(contactMessages)
    ).map((row) => row.id);
    expect(messageIds).toEqual([newMessage.id]);
    const left = await database.db
      .select({ kind: outbox.kind, refId: outbox.refId })
      .from(outbox)
      .where(inArray(outbox.refId, [old.id, oldMessage.id]));
    expect(left).not.toContainEqual({ kind: 'application', refId: old.id });
    expect(left).not.toContainEqual({ kind: 'contact_message', refId: oldMessage.id });

    // Delivery goes on: the kept rows' deliveries are still there to be claimed.
    const due = await outboxRepo.claimDue({ limit: 10, leaseMs: 60_000 });
    expect(due.map((row) => `${row.kind}:${row.refId}`).sort()).toEqual(
      [`application:${recent.id}`, `contact_message:${newMessage.id}`].sort(),
    );

    // Counts only: nobody's name, e-mail or username in the log.
    const logged = JSON.stringify(lines);
    expect(logged).toContain('deleted 1 application(s) with 2 image(s) and 1 contact message(s)');
    for (const personal of ['old_applicant', 'Old Sender', 'old@example.com', 'Old message']) {
      expect(logged).not.toContain(personal);
    }

    // A second run finds nothing more.
    expect(await runRetention(database.db, { months: 12, images, now: NOW, log })).toEqual({
      applications: 0,
      images: 0,
      contactMessages: 0,
      deliveries: 0,
    });
  });

  it('uses the configured period', async () => {
    await database.db.delete(applications);
    const apps = createApplicationsRepository(database.db);
    const twoMonthsOld = await apps.create(aDesigner('two_months'), {
      submittedAt: new Date('2026-09-20T00:00:00Z'),
    });
    const { log } = memoryLog();
    expect(
      (await runRetention(database.db, { months: 3, images, now: NOW, log })).applications,
    ).toBe(0);
    expect(
      (await runRetention(database.db, { months: 2, images, now: NOW, log })).applications,
    ).toBe(1);
    expect(await apps.findById(twoMonthsOld.id)).toBeNull();
  });

  it('runs on its own soon after start and stops on close', async () => {
    const { lines, log } = memoryLog();
    let ran: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      ran = resolve;
    });
    const job = startRetentionJob(database.db, {
      months: 12,
      images,
      firstRunMs: 0,
      log: {
        ...log,
        info: (obj, msg) => {
          log.info(obj, msg);
          ran();
        },
      },
    });
    await first;
    await job.close();
    expect(lines.some((line) => line.msg?.startsWith('retention: deleted'))).toBe(true);
  });
});

describeNeeding(S3_SERVER_MISSING)('retention with images in a bucket', () => {
  let database: TestDatabase;
  let s3: LocalS3;
  let stores: ImageStores;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    s3 = await startLocalS3();
    stores = openImageStores(testConfig(s3.env));
  });
  afterAll(async () => {
    stores?.close();
    await s3?.close();
    await database?.close();
  });

  it('deletes the objects of the applications it deletes; a shared one stays', async () => {
    const images = stores.applications;
    const apps = createApplicationsRepository(database.db);
    const own = await images.write(PNG);
    const shared = await images.write(new Uint8Array([...PNG, 5]));
    const image = (contentHash: string) => ({
      filename: 'a.png',
      contentType: 'image/png' as const,
      contentHash,
      byteSize: PNG.byteLength,
    });
    await apps.create(aDesigner('old_applicant'), {
      images: [image(own), image(shared)],
      submittedAt: new Date('2025-11-01T00:00:00Z'),
    });
    await apps.create(aDesigner('recent_applicant'), {
      images: [image(shared)],
      submittedAt: new Date('2026-11-01T00:00:00Z'),
    });
    const { log } = memoryLog();
    const counts = await runRetention(database.db, { months: 12, images, now: NOW, log });
    expect(counts).toMatchObject({ applications: 1, images: 2 });
    expect(await images.has(own)).toBe(false);
    expect(await images.has(shared)).toBe(true);
    expect((await images.list()).map((file) => file.hash)).toEqual([shared]);
  });
});
