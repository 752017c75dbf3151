import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeopleRepository } from '../../db/repositories/people';
import { reviews } from '../../db/schema';
import { insertOrder, loggedOrder } from '../support/orders';
import {
  expectNoAxeViolations,
  requestJson,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';
import { pickFacet, readTable, urlParam } from './tables';

// The dashboard's two inboxes: the customers' reviews (all staff read them) and the contact
// form's messages, which a lead marks handled by keyboard.

const LEAD = { discordId: '220000000000000011', username: 'Lea' };
const POLL = { timeout: 30_000, interval: 200 };

// Oldest first, as they were left; the list shows the newest first.
const REVIEWS = [
  { orderId: 'rev-1', rating: 5, comment: 'Stellar logo', publish: true, hidden: false },
  { orderId: 'rev-2', rating: 3, comment: 'Took a while', publish: false, hidden: false },
  { orderId: 'rev-3', rating: 4, comment: 'Nice livery', publish: true, hidden: true },
];

const MESSAGES = [
  { name: 'Alice', email: 'alice@example.com', subject: 'Logo price', message: 'How much?' },
  { name: 'Bob', email: 'bob@example.com', subject: 'Bot help', message: 'It is down.' },
];

const messagesTable = (page: Page) => page.getByRole('table', { name: 'Contact messages' });
const subjects = async (page: Page) =>
  (await readTable(messagesTable(page))).map((row) => row.Subject);

describe('the dashboard’s reviews and messages in Chromium', () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    for (const [i, review] of REVIEWS.entries()) {
      const at = `2026-10-0${i + 1}T12:00:00Z`;
      await insertOrder(site.db, {
        ...loggedOrder(review.orderId, '220000000000000001', at),
        status: 'reviewed',
        customerRobloxUsername: `Buyer${i + 1}`,
      });
      await site.db.insert(reviews).values({
        ...review,
        customerDiscordId: `22000000000000010${i}`,
        createdAt: new Date(at),
      });
    }
    // The designer and one customer were seen by the bot; the others show as their ids.
    await createPeopleRepository(site.db).remember([
      { discordId: '220000000000000001', username: 'dee', globalName: 'Dee', avatar: null },
      { discordId: '220000000000000102', username: 'three', globalName: 'Tri', avatar: null },
    ]);
    for (const message of MESSAGES) {
      const sent = await requestJson(site, 'POST', '/api/contact', { body: message });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
  });

  it('lists every review, newest first, and filters them by rating', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['staff'], { discordId: '220000000000000012', username: 'Sam' });
    await page.goto(`${site.url}/dashboard/reviews`);
    await waitForPage(page);
    const table = page.getByRole('table', { name: 'Reviews' });
    await expect
      .poll(async () => (await readTable(table)).map(({ Left: _left, ...row }) => row), POLL)
      .toEqual([
        {
          Order: 'rev-3',
          Rating: '4/5',
          Comment: 'Nice livery',
          Customer: 'Tri',
          Designer: 'Dee',
          'On the site': 'Hidden by staff',
        },
        {
          Order: 'rev-2',
          Rating: '3/5',
          Comment: 'Took a while',
          Customer: 'Buyer2',
          Designer: 'Dee',
          'On the site': 'No',
        },
        {
          Order: 'rev-1',
          Rating: '5/5',
          Comment: 'Stellar logo',
          Customer: 'Buyer1',
          Designer: 'Dee',
          'On the site': 'Yes',
        },
      ]);
    await waitForData(page);
    // One name per customer, the accounts behind it on hover.
    expect(await table.getByText('Tri', { exact: true }).getAttribute('title')).toBe(
      'Discord id 220000000000000102 · Roblox: Buyer3',
    );
    // The order page is a lead's: a staff member reads the order id, unlinked.
    expect(await table.getByRole('link', { name: 'rev-1' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    // Hiding is an executive's.
    await expect(table.getByRole('button', { name: /^Actions for/ }).count()).resolves.toBe(0);

    await pickFacet(page, 'Rating', '5/5');
    await page.waitForURL((url) => url.searchParams.get('rating') === '5');
    await expect
      .poll(async () => (await readTable(table)).map((row) => row.Order), POLL)
      .toEqual(['rev-1']);
    // Whether the site shows it, as the server's visibility facet counts it.
    await pickFacet(page, 'Rating', '5/5');
    await page.getByRole('button', { name: /^Filter by On the site/ }).click();
    await page
      .getByRole('dialog', { name: 'On the site filter' })
      .getByRole('option', { name: /^Hidden by staff\s*1$/ })
      .click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('visibility') === 'hidden');
    await expect
      .poll(async () => (await readTable(table)).map((row) => row.Order), POLL)
      .toEqual(['rev-3']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an executive hides a published review from the site and shows it again', async () => {
    const testimonials = async () =>
      JSON.stringify((await requestJson(site, 'GET', '/api/testimonials')).body);
    expect(await testimonials()).toContain('Stellar logo');
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive'], {
      discordId: '220000000000000013',
      username: 'Exa',
    });
    await page.goto(`${site.url}/dashboard/reviews`);
    await waitForPage(page);
    const row = page
      .getByRole('table', { name: 'Reviews' })
      .getByRole('row')
      .filter({ hasText: 'rev-1' });
    // The order id links to the order, as in the other lists.
    expect(await row.getByRole('link', { name: 'rev-1' }).getAttribute('href')).toBe(
      '/dashboard/orders/rev-1',
    );
    // From the row's "…" menu, by keyboard: Enter opens it on its first item.
    const menuButton = row.getByRole('button', { name: /^Actions for/ });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Hide from site' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await row.getByText('Hidden by staff').waitFor();
    expect(await testimonials()).not.toContain('Stellar logo');

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Show on site' }).click();
    await row.getByText(/^Yes$/).waitFor();
    expect(await testimonials()).toContain('Stellar logo');
    // Not published by its customer: nothing to hide or show.
    const unpublished = page.getByRole('row').filter({ hasText: 'rev-2' });
    await expect(unpublished.getByRole('button', { name: /^Actions for/ }).count()).resolves.toBe(
      0,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a lead marks a message handled by keyboard; it moves from Open to Handled', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['lead'], LEAD);
    await page.goto(`${site.url}/dashboard/messages`);
    await waitForPage(page);
    await expect.poll(() => subjects(page), POLL).toEqual(['Bot help', 'Logo price']);
    await waitForData(page);
    await expectNoAxeViolations(page);

    const alice = messagesTable(page).getByRole('row').filter({ hasText: 'Logo price' });
    await alice.getByText('alice@example.com').waitFor();
    await alice.getByRole('button', { name: /^Actions for/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Mark handled' }).waitFor();
    await page.keyboard.press('Enter');
    // The Status column says where it stands, with when and by whom under the badge.
    await alice.getByText('Handled', { exact: true }).waitFor();
    await alice.getByText(/^\d+ \w{3} \d{4}, \d\d:\d\d by Lea$/).waitFor();
    expect(await readTable(messagesTable(page))).toContainEqual(
      expect.objectContaining({ Subject: 'Bot help', Status: 'Open' }),
    );
    // Nothing more to do with it: no menu.
    await expect(alice.getByRole('button', { name: /^Actions for/ }).count()).resolves.toBe(0);

    await pickFacet(page, 'Status', 'Open');
    await page.waitForURL((url) => url.searchParams.get('status') === 'open');
    await expect.poll(() => subjects(page), POLL).toEqual(['Bot help']);
    await pickFacet(page, 'Status', 'Open');
    await pickFacet(page, 'Status', 'Handled');
    await page.waitForURL((url) => url.searchParams.get('status') === 'handled');
    await expect.poll(() => subjects(page), POLL).toEqual(['Logo price']);
    expect(urlParam(page, 'status')).toBe('handled');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});
