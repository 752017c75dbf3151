import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactInboxItemSchema } from '../../core/contact/schema';
import { PageSchema } from '../../core/shared/page';
import { type Change, listenForChanges } from '../../db/changes';
import {
  ContactMessageCursorSchema,
  createContactMessagesRepository,
} from '../../db/repositories/contact-messages';
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

  it('lists newest first, one Page at a time, with the total', async () => {
    const repo = createContactMessagesRepository(database.db);
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) ids.push((await repo.create(aMessage(n))).id);
    const first = await repo.list({ limit: 2 });
    expect(first.items.map((m) => m.id)).toEqual([ids[4], ids[3]]);
    expect(first.total).toBe(5);
    const seen = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await repo.list({ limit: 2, after: ContactMessageCursorSchema.parse(cursor) });
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen.map((m) => m.id)).toEqual([...ids].reverse());
    expect(seen[4]).toMatchObject(aMessage(1));
    // The page is the contract the dashboard will read, dates and all, through JSON.
    const Page = PageSchema(ContactInboxItemSchema);
    expect(Page.parse(JSON.parse(JSON.stringify(first)))).toEqual(first);
  });

  it('announces a form message after its commit, once per row, and only that transaction skips the trigger', async () => {
    const repo = createContactMessagesRepository(database.db);
    const heard: Change[] = [];
    const stop = await listenForChanges(database, (change) => heard.push(change));
    try {
      const limit = { key: `announce-test-${driver}`, max: 5, windowMs: 60_000 };
      const { id } = await repo.createWithinLimit(aMessage(10), limit);
      const [delivery] = await database.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.kind, 'contact_message'), eq(outbox.refId, id ?? 0)));
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([
        { table: 'contact_messages', op: 'insert', id },
        { table: 'outbox', op: 'insert', id: delivery?.id, due: true },
      ]);

      // The next write on the pool is announced by the trigger again (the setting was the
      // form's transaction's own), and a message over the limit announces nothing.
      const plain = await repo.create(aMessage(11));
      await expect
        .poll(() => heard.filter((change) => change.table === 'contact_messages').map((c) => c.id))
        .toEqual([id, plain.id]);
      for (let n = 0; n < 5; n++) await repo.createWithinLimit(aMessage(12), limit);
      const over = await repo.createWithinLimit(aMessage(13), limit);
      expect(over.id).toBeNull();
      await expect
        .poll(() => heard.filter((change) => change.table === 'contact_messages').length)
        .toBe(6);
    } finally {
      await stop();
    }
  });
});
