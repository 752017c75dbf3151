import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactInboxItemSchema } from '../../core/contact/schema';
import { PageSchema } from '../../core/shared/page';
import {
  ContactMessageCursorSchema,
  createContactMessagesRepository,
} from '../../db/repositories/contact-messages';
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
});
