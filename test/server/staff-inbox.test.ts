import { beforeAll, describe, expect, it } from 'vitest';
import { createContactMessagesRepository } from '../../db/repositories/contact-messages';
import { createPeopleRepository } from '../../db/repositories/people';
import { reviews } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { insertOrder } from '../support/orders';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const aMessage = (n: number) => ({
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  subject: `Subject ${n}`,
  message: `Message ${n}`,
});

describe.each(DRIVERS)('staff inbox and reviews on %s', (driver) => {
  const server = useTestApp(driver);
  let lead: string;
  let staff: string;
  const ids: number[] = [];

  beforeAll(async () => {
    const db = server.database.db;
    const messages = createContactMessagesRepository(db);
    for (let n = 1; n <= 3; n++) ids.push((await messages.create(aMessage(n))).id);
    lead = (await signInAsStaff(db, ['lead'], 'lena')).cookie;
    staff = (await signInAsStaff(db, ['staff'])).cookie;
    for (const [n, rating] of [
      [1, 5],
      [2, 3],
      [3, 5],
    ] as const) {
      await insertOrder(db, { id: `r-${n}`, status: 'reviewed' });
      await db.insert(reviews).values({
        orderId: `r-${n}`,
        customerDiscordId: '200000000000000001',
        rating,
        comment: `Comment ${n}`,
      });
    }
    // The customer never signed in anywhere: the bot saw them when they used /review.
    await createPeopleRepository(db).remember({
      discordId: '200000000000000001',
      username: 'happy.customer',
      globalName: 'Happy Customer',
      nick: null,
      avatar: null,
    });
  });

  const get = (url: string, cookie = lead) => server.app.inject({ url, headers: { cookie } });
  const markHandled = (id: number | string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/staff/messages/${id}/handled`,
      headers: { cookie: lead, origin: SITE_ORIGIN },
    });

  it('lists messages newest first, and marks one handled once: who and when', async () => {
    const listed = await get('/api/staff/messages?size=10');
    expect(listed.statusCode).toBe(200);
    const page = listed.json();
    expect(page.rows.map((item: { subject: string }) => item.subject)).toEqual([
      'Subject 3',
      'Subject 2',
      'Subject 1',
    ]);
    expect(page.rows[0]).toMatchObject({ handledAt: null, handledBy: null });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(page.facets.status).toEqual([{ value: 'open', count: 3 }]);
    const bySubject = await get('/api/staff/messages?sort=subject&order=asc&q=subject');
    expect(bySubject.json().rows.map((item: { subject: string }) => item.subject)).toEqual([
      'Subject 1',
      'Subject 2',
      'Subject 3',
    ]);

    const first = await markHandled(ids[1] as number);
    expect(first.statusCode).toBe(200);
    const again = await markHandled(ids[1] as number);
    expect(again.json().handledAt).toBe(first.json().handledAt);

    const handled = await get('/api/staff/messages?status=handled');
    expect(handled.json().rows).toEqual([
      expect.objectContaining({ id: ids[1], handledBy: 'lena', handledAt: first.json().handledAt }),
    ]);
    expect(handled.json().total).toBe(1);
    // The status facet counts without its own filter: both values, while one is chosen.
    expect(handled.json().facets.status).toEqual([
      { value: 'open', count: 2 },
      { value: 'handled', count: 1 },
    ]);
    const open = await get('/api/staff/messages?status=open');
    expect(open.json().rows.map((item: { id: number }) => item.id)).toEqual([ids[2], ids[0]]);
  });

  it('answers 404 for an unknown message and 400 for a bad id or filter', async () => {
    expect((await markHandled(999_999)).statusCode).toBe(404);
    expect((await markHandled('abc')).statusCode).toBe(400);
    expect((await markHandled(0)).statusCode).toBe(400);
    const bad = await get('/api/staff/messages?status=maybe');
    expect([bad.statusCode, bad.body]).toEqual([
      400,
      expect.stringContaining('Status must be one of open, handled'),
    ]);
    expect((await get('/api/staff/messages?size=7')).statusCode).toBe(400);
  });

  it('lists every review for any staff member, with a rating filter', async () => {
    const all = await get('/api/staff/reviews', staff);
    expect(all.statusCode).toBe(200);
    expect(all.json().rows.map((item: { orderId: string }) => item.orderId)).toEqual([
      'r-3',
      'r-2',
      'r-1',
    ]);
    expect(all.json().rows[0]).toMatchObject({
      rating: 5,
      comment: 'Comment 3',
      hidden: false,
      customerName: 'Happy Customer',
      // insertOrder's designer was never seen: no name, the dashboard shows the id.
      designerDiscordId: '100000000000000001',
      designerName: null,
    });
    const fives = await get('/api/staff/reviews?rating=5', staff);
    expect(fives.json().rows.map((item: { orderId: string }) => item.orderId)).toEqual([
      'r-3',
      'r-1',
    ]);
    const byOrder = await get('/api/staff/reviews?rating=5&sort=order&order=asc', staff);
    expect(byOrder.json().rows.map((item: { orderId: string }) => item.orderId)).toEqual([
      'r-1',
      'r-3',
    ]);
    // The rating facet counts every rating while one is chosen.
    expect(
      byOrder
        .json()
        .facets.rating.reduce((sum: number, each: { count: number }) => sum + each.count, 0),
    ).toBe(3);
    expect((await get('/api/staff/reviews?rating=6', staff)).statusCode).toBe(400);
  });
});
