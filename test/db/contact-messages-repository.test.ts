import { and, eq, inArray } from 'drizzle-orm';
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

  it('writes concurrent form messages as one batch: each address within its limit, in order, each with its delivery', async () => {
    const repo = createContactMessagesRepository(database.db);
    const limit = (key: string) => ({ key: `batch-${driver}-${key}`, max: 5, windowMs: 60_000 });
    // Issued in one turn: one statement. Seven from one address (five within its limit),
    // three from another, interleaved.
    const calls = Array.from({ length: 10 }, (_, n) =>
      repo.createWithinLimit(aMessage(100 + n), limit(n % 3 === 2 ? 'b' : 'a')),
    );
    const results = await Promise.all(calls);
    const fromA = results.filter((_, n) => n % 3 !== 2);
    const fromB = results.filter((_, n) => n % 3 === 2);
    expect(fromA.map((result) => result.count.hits)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(fromB.map((result) => result.count.hits)).toEqual([1, 2, 3]);
    expect(fromA.map((result) => result.id === null)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    const stored = results.flatMap((result) => (result.id === null ? [] : [result.id]));
    expect(stored).toHaveLength(8);
    // Ids follow the calls' order, and each id is the message its call sent.
    expect([...stored].sort((a, b) => a - b)).toEqual(stored);
    for (const [n, result] of results.entries()) {
      if (result.id === null) continue;
      expect(await repo.findById(result.id)).toMatchObject(aMessage(100 + n));
    }
    const deliveries = await database.db
      .select({ refId: outbox.refId })
      .from(outbox)
      .where(and(eq(outbox.kind, 'contact_message'), inArray(outbox.refId, stored)));
    expect(deliveries.map((row) => row.refId).sort((a, b) => a - b)).toEqual(stored);

    // The limit goes on from the batch's count: the next call from `a` is its eighth.
    const next = await repo.createWithinLimit(aMessage(120), limit('a'));
    expect(next).toMatchObject({ id: null, count: { hits: 8 } });
  });

  it("announces a batch's messages and deliveries in the order they were stored, each once", async () => {
    const repo = createContactMessagesRepository(database.db);
    const heard: Change[] = [];
    const stop = await listenForChanges(database, (change) => heard.push(change));
    try {
      // Three rounds of different sizes: the announcement's statement is the same for each.
      for (const size of [12, 1, 5]) {
        heard.length = 0;
        const results = await Promise.all(
          Array.from({ length: size }, (_, n) =>
            repo.createWithinLimit(aMessage(200 + n), {
              key: `announce-batch-${driver}-${size}-${n}`,
              max: 5,
              windowMs: 60_000,
            }),
          ),
        );
        const ids = results.map((result) => result.id);
        await expect.poll(() => heard.length).toBe(size * 2);
        // Each message, then its delivery; messages in the order of their ids.
        expect(heard.filter((_, n) => n % 2 === 0)).toEqual(
          ids.map((id) => ({ table: 'contact_messages', op: 'insert', id })),
        );
        expect(heard.filter((_, n) => n % 2 === 1).map((change) => change.table)).toEqual(
          ids.map(() => 'outbox'),
        );
      }
    } finally {
      await stop();
    }
  });

  it('fails only the message the database refuses when it shares a batch with others', async () => {
    const repo = createContactMessagesRepository(database.db);
    const limit = { key: `refused-${driver}`, max: 5, windowMs: 60_000 };
    // A NUL character cannot be stored in Postgres text (the form's schema never lets one
    // through; the repository alone does).
    const results = await Promise.allSettled([
      repo.createWithinLimit(aMessage(130), limit),
      repo.createWithinLimit({ ...aMessage(131), message: 'nul \u0000 here' }, limit),
      repo.createWithinLimit(aMessage(132), limit),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const [index, n] of [
      [0, 130],
      [2, 132],
    ] as const) {
      const result = results[index];
      const id = result?.status === 'fulfilled' ? result.value.id : null;
      expect(id).not.toBeNull();
      expect(await repo.findById(id ?? 0)).toMatchObject(aMessage(n));
    }
  });
});
