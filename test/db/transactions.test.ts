import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../core/applications';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { createContactMessagesRepository } from '../../db/repositories/contact-messages';
import { enqueueDelivery } from '../../db/repositories/outbox';
import { applications, contactMessages, outbox } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { countApplicationRows, countRows } from '../support/rows';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);
const message = { name: 'Ada', email: 'ada@example.com', subject: 'Logo', message: 'Hello' };
const designer: Application = {
  type: 'designer',
  robloxUsername: 'Pixel',
  discordUsername: 'pixel',
  age: 16,
  activityLevel: 7,
  designStyle: 'Minimal',
  tools: '',
  designProcess: '',
  designChallenges: '',
  questionsForUs: '',
  questionsBenefits: '',
  additionalInfo: '',
  agreeTerms: true,
};

class LaterStepFailed extends Error {}

describe.each(DRIVERS)("repositories in the caller's transaction on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(applications);
    await database.db.delete(contactMessages);
  });

  const contactCounts = async () => ({
    messages: await countRows(database.db, contactMessages),
    outbox: await countRows(database.db, outbox),
  });

  it('rolls back a contact message and its outbox entry with the transaction', async () => {
    const messages = createContactMessagesRepository(database.db);
    const work = database.db.transaction(async (tx) => {
      const { id } = await messages.create(message, tx);
      // Inside, the row and its delivery are there…
      expect(await countRows(tx, contactMessages)).toBe(1);
      expect(await createContactMessagesRepository(tx).findById(id)).toMatchObject(message);
      throw new LaterStepFailed();
    });
    await expect(work).rejects.toBeInstanceOf(LaterStepFailed);
    // …and once the caller's transaction fails, neither is.
    expect(await contactCounts()).toEqual({ messages: 0, outbox: 0 });
  });

  it('rolls back an application, its images and its outbox entry (repository on the tx)', async () => {
    const work = database.db.transaction(async (tx) => {
      await createApplicationsRepository(tx).create(designer, {
        images: [
          {
            filename: 'a.png',
            contentType: 'image/png',
            contentHash: 'a'.repeat(64),
            byteSize: PNG.byteLength,
          },
        ],
      });
      expect(await countApplicationRows(tx)).toEqual({ applications: 1, images: 1, outbox: 1 });
      tx.rollback();
    });
    await expect(work).rejects.toThrow();
    expect(await countApplicationRows(database.db)).toEqual({
      applications: 0,
      images: 0,
      outbox: 0,
    });
  });

  it('keeps both when the transaction commits', async () => {
    const { id } = await database.db.transaction((tx) =>
      createContactMessagesRepository(database.db).create(message, tx),
    );
    expect(await contactCounts()).toEqual({ messages: 1, outbox: 1 });
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ kind: 'contact_message', refId: id, status: 'pending' });
  });

  it('enqueues a delivery only inside a transaction', async () => {
    // @ts-expect-error the bare database is not a transaction: a delivery must share one
    const bare = () => enqueueDelivery(database.db, 'application', 1);
    expect(bare).toBeTypeOf('function');
    const id = await database.db.transaction((tx) => enqueueDelivery(tx, 'application', 77));
    expect(id).toEqual(expect.any(Number));
  });
});
