import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactInboxItemSchema } from '../../core/contact/schema';
import { MessageListQuerySchema } from '../../core/contact/staff-list';
import { type Change, listenForChanges } from '../../db/changes';
import { createContactMessagesRepository } from '../../db/repositories/contact-messages';
import { outbox } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

const aMessage = (n: number) => ({
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  subject: `Subject ${n}`,
  message: `Message ${n}`,
});

describe.each(DRIVERS)('contact messages repository on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('lists newest first, a page at a time, with the total', async () => {
    const repo = createContactMessagesRepository(database.db);
    const ids: number[] = [];
    for (let n = 1; n <= 12; n++) ids.push((await repo.create(aMessage(n))).id);
    const query = (page: number) =>
      MessageListQuerySchema.parse({ size: '10', page: String(page) });
    const first = await repo.list(query(1));
    expect(first.rows.map((m) => m.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(first.total).toBe(12);
    const second = await repo.list(query(2));
    expect(second.rows.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    expect(second.rows[1]).toMatchObject(aMessage(1));
    // Past the end: the last page.
    expect(await repo.list(query(9))).toEqual(second);
    // The rows are what the dashboard reads, dates and all, through JSON.
    for (const row of JSON.parse(JSON.stringify(first.rows))) ContactInboxItemSchema.parse(row);
  });

  it('stores a message with its delivery, and announces both once committed', async () => {
    const repo = createContactMessagesRepository(database.db);
    const heard: Change[] = [];
    const stop = await listenForChanges(database, (change) => heard.push(change));
    try {
      const { id } = await repo.create(aMessage(10));
      const [delivery] = await database.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.kind, 'contact_message'), eq(outbox.refId, id)));
      expect(delivery).toBeDefined();
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([
        { table: 'contact_messages', op: 'insert', id },
        { table: 'outbox', op: 'insert', id: delivery?.id, due: true },
      ]);
    } finally {
      await stop();
    }
  });

  it('stores neither the message nor its delivery when the database refuses the message', async () => {
    const repo = createContactMessagesRepository(database.db);
    const before = await database.db.select({ id: outbox.id }).from(outbox);
    // A NUL character cannot be stored in Postgres text (the form's schema never lets one
    // through; the repository alone does).
    await expect(repo.create({ ...aMessage(11), message: 'nul \u0000 here' })).rejects.toThrow();
    const after = await database.db.select({ id: outbox.id }).from(outbox);
    expect(after).toHaveLength(before.length);
  });

  it('stores concurrent messages each with its own delivery', async () => {
    const repo = createContactMessagesRepository(database.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => repo.create(aMessage(100 + n))),
    );
    const ids = results.map((result) => result.id);
    expect(new Set(ids).size).toBe(10);
    for (const [n, id] of ids.entries()) {
      expect(await repo.findById(id)).toMatchObject(aMessage(100 + n));
    }
    const deliveries = await database.db
      .select({ refId: outbox.refId })
      .from(outbox)
      .where(and(eq(outbox.kind, 'contact_message'), inArray(outbox.refId, ids)));
    expect(deliveries.map((row) => row.refId).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
  });
});
