import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../core/orders';
import { groupThousands } from '../../core/shared/numbers';
import { createPeopleRepository } from '../../db/repositories/people';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { SECTIONS, sectionPath } from '../../web/src/dashboard/sections';
import { insertOrder, insertOrderEvent } from '../support/orders';
import {
  expectNoAxeViolations,
  PHONE,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';
import { pickFacet, readColumn, readTable, urlParam } from './tables';

// The orders table as staff use it: 84 orders across every status, three designers, paid and
// unpaid, seeded straight into the site's database. A lead filters, sorts and pages them and
// every page is checked against the seeded rows; a designer sees only their own.

const DESIGNERS = [
  { discordId: '200000000000000001', username: 'Astra' },
  { discordId: '200000000000000002', username: 'Borealis' },
  { discordId: '200000000000000003', username: 'Comet' },
] as const;
const [ASTRA, BOREALIS] = DESIGNERS;

type Seeded = { id: string; status: OrderStatus; designer: string; price: number; created: Date };

const HOUR = 60 * 60_000;
const now = Date.now();
// Newest first by index; prices all different (37 and 84 share no factor), so each sort has
// one right answer.
const ORDERS: Seeded[] = Array.from({ length: 84 }, (_, i) => ({
  id: `order-${String(i + 1).padStart(3, '0')}`,
  status: ORDER_STATUSES[i % ORDER_STATUSES.length] as OrderStatus,
  designer: DESIGNERS[i % DESIGNERS.length]?.discordId ?? '',
  price: 150 + ((i * 37) % 84) * 5,
  created: new Date(now - (i + 1) * HOUR),
}));
const PAGE_SIZE = 25;
const TIMELINE_ORDER = 'order-007'; // Astra's, logged

const newestFirst = (a: Seeded, b: Seeded) => b.created.getTime() - a.created.getTime();
const dearestFirst = (a: Seeded, b: Seeded) => b.price - a.price;
const ids = (rows: Seeded[]) => rows.map((row) => row.id);

const POLL = { timeout: 30_000, interval: 200 };
// A tablet held upright, emulated as a mobile device like the phone suite's.
const TABLET = { width: 768, height: 1024 };

function ordersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Orders' });
}

/** Waits until the table shows exactly `expected` (ids, in order) and the URL has settled. */
async function expectOrders(page: Page, expected: string[]) {
  await expect.poll(() => readColumn(ordersTable(page), 'Order'), POLL).toEqual(expected);
}

describe('the dashboard’s orders in Chromium', () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    const staff = createStaffUsersRepository(site.db);
    // Astra and Borealis signed in to the dashboard; Comet never did: the bot saw them in
    // Discord, and that is enough for their name everywhere.
    for (const designer of DESIGNERS.slice(0, 2))
      await staff.upsertByDiscordId({ ...designer, roles: ['designer'] });
    const people = createPeopleRepository(site.db);
    await people.remember({
      discordId: '200000000000000003',
      username: 'comet.art',
      globalName: 'Comet',
      nick: null,
      avatar: null,
    });
    // One transaction: one commit for the lot, not 84.
    await site.db.transaction(async (tx) => {
      for (const order of ORDERS) {
        const step = ORDER_STATUSES.indexOf(order.status);
        const minutesIn = (minutes: number) => new Date(order.created.getTime() + minutes * 60_000);
        const logged = order.status === 'logged' || order.status === 'reviewed';
        await insertOrder(tx, {
          id: order.id,
          status: order.status,
          designerDiscordId: order.designer,
          priceRobux: order.price,
          customerRobloxUsername: `Customer${order.id.slice(-3)}`,
          paidAt: step >= 1 ? minutesIn(10) : null,
          qcAttempts: step >= 2 ? 1 : 0,
          qcReviewedBy: step >= 3 ? '100000000000000099' : null,
          deliveredAt: step >= 5 ? minutesIn(30) : null,
          loggedAt: logged ? minutesIn(40) : null,
          designerShareRobux: logged ? Math.floor(order.price * 0.9) : null,
          createdAt: order.created,
          updatedAt: order.created,
        });
      }
    });
    const order = ORDERS.find((row) => row.id === TIMELINE_ORDER);
    if (!order) throw new Error('no timeline order');
    const at = (minutes: number) => new Date(order.created.getTime() + minutes * 60_000);
    await insertOrderEvent(site.db, order.id, 'order_created', at(0), {
      priceRobux: order.price,
      robloxUsername: `Customer${order.id.slice(-3)}`,
      customerDiscordId: null,
      designerDiscordId: order.designer,
      ticketChannelId: '300000000000000007',
    });
    await insertOrderEvent(site.db, order.id, 'payment_verified', at(10));
    await insertOrderEvent(site.db, order.id, 'qc_submitted', at(20), {
      attempt: 1,
      fileUrl: null,
    });
    await insertOrderEvent(site.db, order.id, 'qc_approved', at(25), { attempt: 1 });
    await insertOrderEvent(site.db, order.id, 'order_logged', at(40), {
      priceRobux: order.price,
      qcPassed: true,
      sharePercent: 90,
      designerShareRobux: Math.floor(order.price * 0.9),
      deliveredByBot: true,
    });
    // The events' actor (test/support/orders.ts): a lead the timeline names, seen by the bot.
    await people.remember({
      discordId: '100000000000000099',
      username: 'quinn.lead',
      globalName: 'Q',
      nick: 'Quinn',
      avatar: null,
    });
  });

  it('filters by designer and status, sorts, pages forward and back, and keeps it all in the URL', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['lead'], { discordId: '200000000000000010', username: 'Lea' });
    await page.goto(`${site.url}/dashboard/orders`);
    await waitForPage(page);
    await expectOrders(page, ids([...ORDERS].sort(newestFirst).slice(0, PAGE_SIZE)));
    const pages = page.getByRole('navigation', { name: 'Orders pages' });
    await pages.getByText(`Page 1 of 4 · ${ORDERS.length} in all`).waitFor();
    await waitForData(page);
    await expectNoAxeViolations(page);

    // Astra's orders only: 28, so two pages.
    const astras = ORDERS.filter((row) => row.designer === ASTRA.discordId);
    // Named in the table, and picked by name, whether they signed in or not.
    expect(new Set((await readTable(ordersTable(page))).map((row) => row.Designer))).toEqual(
      new Set(['Astra', 'Borealis', 'Comet']),
    );
    // Each designer with how many orders they have.
    await page.getByRole('button', { name: 'Filter by Designer' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('dialog', { name: 'Designer filter' })
            .getByRole('option')
            .allTextContents(),
        POLL,
      )
      .toEqual(['Astra28', 'Borealis28', 'Comet28']);
    await page.getByRole('option', { name: /^Astra/ }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('designer') === ASTRA.discordId);
    await expectOrders(page, ids([...astras].sort(newestFirst).slice(0, PAGE_SIZE)));
    await pages.getByText(`Page 1 of 2 · ${astras.length} in all`).waitFor();

    // Dearest first: the price column's first click sorts descending.
    const table = ordersTable(page);
    await table.getByRole('button', { name: 'Price (R$)' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price');
    const byPrice = [...astras].sort(dearestFirst);
    await expectOrders(page, ids(byPrice.slice(0, PAGE_SIZE)));
    await expect(
      table.getByRole('columnheader', { name: 'Price (R$)' }).getAttribute('aria-sort'),
    ).resolves.toBe('descending');

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expectOrders(page, ids(byPrice.slice(PAGE_SIZE)));
    await pages.getByText('Page 2 of 2').waitFor();
    expect(urlParam(page, 'designer')).toBe(ASTRA.discordId);
    expect(urlParam(page, 'page')).toBe('2');
    await expect(pages.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expectOrders(page, ids(byPrice.slice(0, PAGE_SIZE)));
    await pages.getByText('Page 1 of 2').waitFor();
    expect(urlParam(page, 'page')).toBeNull();

    // And logged: the status filter joins the designer's.
    await pickFacet(page, 'Status', ORDER_STATUS_LABELS.logged);
    await page.waitForURL((url) => url.searchParams.get('status') === 'logged');
    const logged = byPrice.filter((row) => row.status === 'logged');
    expect(logged.length).toBeGreaterThan(1);
    await expectOrders(page, ids(logged));
    for (const row of await readTable(table)) {
      expect(row.Status).toBe(ORDER_STATUS_LABELS.logged);
      expect(row.Designer).toBe(ASTRA.username);
    }
    expect(urlParam(page, 'designer')).toBe(ASTRA.discordId);
    expect(urlParam(page, 'sort')).toBe('price');

    // The URL is the whole query: a reload shows the same rows and filter controls.
    await page.reload();
    await waitForPage(page);
    await expectOrders(page, ids(logged));
    await page
      .getByRole('button', { name: `Filter by Status: ${ORDER_STATUS_LABELS.logged}` })
      .waitFor();
    await page.getByRole('button', { name: `Filter by Designer: ${ASTRA.username}` }).waitFor();

    // One order's detail and its timeline; its way back returns to the list as it was left.
    await table.getByRole('link', { name: TIMELINE_ORDER }).click();
    await page.getByRole('heading', { name: `Order ${TIMELINE_ORDER}`, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    const timed = ORDERS.find((row) => row.id === TIMELINE_ORDER);
    const timeline = page.getByRole('list').filter({ hasText: 'Order created' });
    await expect
      .poll(() => timeline.getByRole('listitem').allTextContents(), POLL)
      .toEqual([
        expect.stringContaining(
          `Order created: ${groupThousands(timed?.price ?? 0)} R$ from Customer007 by Quinn`,
        ),
        expect.stringContaining('Payment verified by Quinn'),
        expect.stringContaining('Submitted for quality control (attempt 1)'),
        expect.stringContaining('QC approved (attempt 1)'),
        expect.stringContaining(
          `Logged: designer's share ${groupThousands(Math.floor((timed?.price ?? 0) * 0.9))} R$ (90%)`,
        ),
      ]);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: '← All orders' }).click();
    await expectOrders(page, ids(logged));
    expect(urlParam(page, 'status')).toBe('logged');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches by customer name as it is typed', async () => {
    const page = await site.browser.newPage();
    await site.signInAsStaff(page, ['lead'], { discordId: '200000000000000010', username: 'Lea' });
    await page.goto(`${site.url}/dashboard/orders`);
    await waitForPage(page);
    await expectOrders(page, ids([...ORDERS].sort(newestFirst).slice(0, PAGE_SIZE)));
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('customer013');
    await page.waitForURL((url) => url.searchParams.get('q') === 'customer013');
    await expectOrders(page, ['order-013']);
    // One name per customer on one line (no Discord account here: the Roblox name), the
    // accounts behind it on hover.
    const [row] = await readTable(ordersTable(page));
    expect(row?.Customer).toBe('Customer013');
    const name = ordersTable(page).getByText('Customer013', { exact: true });
    expect(await name.getAttribute('title')).toBe('Roblox: Customer013');
    expect(await name.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');
    await page.close();
  });

  it('shows and hides columns from the View menu by keyboard, remembered after a reload', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['lead'], { discordId: '200000000000000012', username: 'Cora' });
    await page.goto(`${site.url}/dashboard/orders`);
    await waitForPage(page);
    const header = (name: string) => ordersTable(page).getByRole('columnheader', { name });
    await header('Customer').waitFor();
    // The share column starts hidden.
    expect(await header('Share (R$)').count()).toBe(0);

    const trigger = page.getByRole('button', { name: 'View' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const item = (name: string) => menu.getByRole('menuitemcheckbox', { name });
    expect(await item('Customer').getAttribute('aria-checked')).toBe('true');
    // Arrow keys move through the items; Enter toggles and the menu stays open for the next.
    await item('Customer').focus();
    await page.keyboard.press('Enter');
    await item('Share (R$)').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => item('Customer').getAttribute('aria-checked'), POLL).toBe('false');
    await expect.poll(() => item('Share (R$)').getAttribute('aria-checked'), POLL).toBe('true');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), POLL)
      .toBe('View');
    await expect.poll(() => header('Customer').count(), POLL).toBe(0);
    await header('Share (R$)').waitFor();

    // Remembered in this browser.
    await page.reload();
    await waitForPage(page);
    await header('Share (R$)').waitFor();
    expect(await header('Customer').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a tablet: no section of the dashboard scrolls the page sideways', async () => {
    const page = await site.browser.newPage({ ...PHONE, viewport: TABLET });
    await site.signInAsStaff(page, ['executive'], {
      discordId: '200000000000000011',
      username: 'Exa',
    });
    const widths: Record<string, number> = {};
    for (const section of SECTIONS) {
      const path = sectionPath(section);
      await page.goto(site.url + path);
      await waitForPage(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await waitForData(page); // measured with its tables and charts in
      widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    await page.goto(`${site.url}/dashboard/orders/${TIMELINE_ORDER}`);
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await waitForData(page);
    widths.detail = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widths).toEqual(
      Object.fromEntries(Object.keys(widths).map((path) => [path, TABLET.width])),
    );
    await page.close();
  });

  it('shows a designer their own orders only, and no one else’s by URL', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['designer'], ASTRA);
    await page.goto(`${site.url}/dashboard/orders`);
    await waitForPage(page);
    const astras = ORDERS.filter((row) => row.designer === ASTRA.discordId).sort(newestFirst);
    await expectOrders(page, ids(astras.slice(0, PAGE_SIZE)));
    const pages = page.getByRole('navigation', { name: 'Orders pages' });
    await pages.getByText(`${astras.length} in all`).waitFor();
    for (const row of await readTable(ordersTable(page))) expect(row.Designer).toBe('Astra');
    // Only their own orders: nothing to filter by designer.
    await page.getByRole('button', { name: 'Filter by Status' }).waitFor();
    expect(await page.getByRole('button', { name: /^Filter by Designer/ }).count()).toBe(0);

    // Asking for Borealis's orders by URL still shows Astra's own (a designer has no designer
    // filter; the server answers a designer's own orders whatever is asked).
    await page.goto(`${site.url}/dashboard/orders?designer=${BOREALIS.discordId}`);
    await waitForPage(page);
    await expectOrders(page, ids(astras.slice(0, PAGE_SIZE)));

    // Nor does one of Borealis's orders open.
    const theirs = ORDERS.find((row) => row.designer === BOREALIS.discordId);
    await page.goto(`${site.url}/dashboard/orders/${theirs?.id}`);
    await waitForPage(page);
    await page.getByText('No such order.').waitFor();
    // The refused detail is the only failed request the browser reports (asked again when the
    // live stream opens).
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toEqual(errors.map(() => expect.stringContaining('404')));
    await page.close();
  });
});
