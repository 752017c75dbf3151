import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createOrdersRepository } from '../../db/repositories/orders';
import { testimonialsChanged } from '../../db/repositories/testimonials';
import { orderEvents, orders, reviews } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const CUSTOMER = '400000000000000001';

let nextOrder = 1;

/** A delivered order and its review, straight in the database; returns the review's id. */
async function addReview(
  db: Database,
  review: { rating: number; comment?: string; publish: boolean; authorName?: string | null },
) {
  const id = `w-${nextOrder++}`;
  await db.insert(orders).values({
    id,
    status: 'reviewed',
    priceRobux: 700,
    customerRobloxUsername: 'Builder',
    customerDiscordId: CUSTOMER,
    designerDiscordId: '400000000000000002',
    ticketChannelId: '400000000000000003',
  });
  const [row] = await db
    .insert(reviews)
    .values({ orderId: id, customerDiscordId: CUSTOMER, comment: '', ...review })
    .returning({ id: reviews.id });
  return { reviewId: row?.id as number, orderId: id };
}

describe.each(DRIVERS)('testimonials on %s', (driver) => {
  const server = useTestApp(driver);
  const list = async (query = '') => server.app.inject({ url: `/api/testimonials${query}` });
  const press = (reviewId: number, action: 'hide' | 'unhide', cookie?: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/staff/reviews/${reviewId}/${action}`,
      headers: { origin: SITE_ORIGIN, ...(cookie && { cookie }) },
    });

  it('lists published reviews nobody hid, newest first, signed by a name only', async () => {
    const empty = await list();
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ testimonials: [] });

    const db = server.database.db;
    const old = await addReview(db, {
      rating: 4,
      comment: 'Good',
      publish: true,
      authorName: null,
    });
    await addReview(db, { rating: 2, comment: 'Private', publish: false, authorName: 'Sam' });
    const latest = await addReview(db, {
      rating: 5,
      comment: 'Lovely <b>work</b>',
      publish: true,
      authorName: 'Alex',
    });
    const response = await list();
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json().testimonials).toEqual([
      { id: latest.reviewId, rating: 5, comment: 'Lovely <b>work</b>', name: 'Alex' },
      { id: old.reviewId, rating: 4, comment: 'Good', name: 'Customer' },
    ]);
    expect(response.body).not.toContain(CUSTOMER);
    expect((await list('?limit=1')).json().testimonials).toHaveLength(1);
    for (const bad of ['?limit=0', '?limit=13', '?limit=abc', '?limit=1.5']) {
      expect((await list(bad)).statusCode, bad).toBe(400);
    }
  });

  it('lets an executive hide and show one, recorded with who and when', async () => {
    const db = server.database.db;
    const { reviewId, orderId } = await addReview(db, {
      rating: 5,
      comment: 'Hide me',
      publish: true,
      authorName: 'Kim',
    });
    const executive = await signInAsStaff(db, ['executive']);
    const designer = await signInAsStaff(db, ['designer']);
    const shown = async () =>
      (await list('?limit=12')).json().testimonials.some((t: { id: number }) => t.id === reviewId);
    expect(await shown()).toBe(true);

    expect((await press(reviewId, 'hide')).statusCode).toBe(401);
    expect((await press(reviewId, 'hide', designer.cookie)).statusCode).toBe(403);
    // No Origin with a session cookie: refused as a possible forgery, nothing changes.
    const forged = await server.app.inject({
      method: 'POST',
      url: `/api/staff/reviews/${reviewId}/hide`,
      headers: { cookie: executive.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(await shown()).toBe(true);

    const hidden = await press(reviewId, 'hide', executive.cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ id: reviewId, orderId, hidden: true });
    expect(await shown()).toBe(false);
    const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row).toMatchObject({ hidden: true, hiddenBy: executive.member.discordId });
    expect(row?.hiddenAt).toBeInstanceOf(Date);

    const again = await press(reviewId, 'hide', executive.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message ?? again.body).toMatch(/already hidden/i);

    expect((await press(reviewId, 'unhide', executive.cookie)).statusCode).toBe(200);
    expect(await shown()).toBe(true);
    const [after] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(after).toMatchObject({ hidden: false, hiddenBy: null, hiddenAt: null });
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => [e.type, e.actorDiscordId])).toEqual([
      ['review_hidden', executive.member.discordId],
      ['review_shown', executive.member.discordId],
    ]);

    expect((await press(999_999, 'hide', executive.cookie)).statusCode).toBe(404);
    expect((await press(0, 'hide', executive.cookie)).statusCode).toBe(400);
    expect((await createOrdersRepository(db).findOrder(orderId))?.review?.hidden).toBe(false);
  });
});

describe('the home page’s testimonials (prerendered)', () => {
  const server = useTestApp('pglite', { seed: true, web: true });
  const home = async () => (await server.app.inject({ url: '/' })).body;

  it('leaves the section out with none, shows one as soon as it lands, drops it when hidden', async () => {
    expect(await home()).not.toContain('What our customers say');
    const db = server.database.db;
    const { reviewId } = await addReview(db, {
      rating: 4,
      comment: 'Quick and friendly',
      publish: true,
      authorName: 'Robin',
    });
    // What the bot's review modal does after storing a published review.
    await testimonialsChanged(db);
    const html = await home();
    expect(html).toContain('What our customers say');
    expect(html).toContain('Quick and friendly');
    expect(html).toContain('Robin');
    expect(html).toContain('Rated 4 out of 5');
    expect(html).not.toContain(CUSTOMER);

    const executive = await signInAsStaff(db, ['executive']);
    await server.app.inject({
      method: 'POST',
      url: `/api/staff/reviews/${reviewId}/hide`,
      headers: { origin: SITE_ORIGIN, cookie: executive.cookie },
    });
    const after = await home();
    expect(after).not.toContain('Quick and friendly');
    expect(after).not.toContain('What our customers say');
  });
});
