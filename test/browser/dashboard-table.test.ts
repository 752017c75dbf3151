import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../core/orders';
import type { OrderSummary, QcOutcome } from '../../core/orders/staff-list';
import type { TicketSummary } from '../../core/tickets/staff-list';
import { TICKET_STATUSES } from '../../core/tickets/ticket-status';
import { type FakeList, routeJson, routeList } from './fake-list';
import {
  expectNoAxeViolations,
  PHONE,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';
import { readColumn, urlParam } from './tables';

// The dashboard's one table (issue 32) as staff use it, on Orders and Tickets: search as you
// type, facets with counts, chips, Reset, sort, page size, pages that survive a reload, the
// keyboard, and a phone's Filters sheet and cards. The lists are answered in the browser by a
// fake of the list contract (./fake-list.ts), so the table is tested on its own; screenshots
// of both lists at 1280 and 360 px go to test-results/dashboard/ (ignored by git).

const DESIGNERS = [
  { discordId: '200000000000000001', name: 'Astra' },
  { discordId: '200000000000000002', name: 'Borealis' },
  { discordId: '200000000000000003', name: 'Comet' },
] as const;
const QCS: QcOutcome[] = ['none', 'pending', 'passed', 'changes_requested'];
const HOUR = 60 * 60_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');

// 1,230 orders, newest first by index; prices all different so each sort has one answer.
const ORDERS: OrderSummary[] = Array.from({ length: 1230 }, (_, i) => {
  const created = new Date(NOW - (i + 1) * HOUR).toISOString();
  const designer = DESIGNERS[i % DESIGNERS.length] ?? DESIGNERS[0];
  return {
    id: `order-${String(i + 1).padStart(4, '0')}`,
    status: ORDER_STATUSES[i % ORDER_STATUSES.length] as OrderStatus,
    priceRobux: 150 + i * 7,
    customerRobloxUsername: `Customer${String(i + 1).padStart(4, '0')}`,
    customerDiscordId: null,
    designerDiscordId: designer.discordId,
    designerName: designer.name,
    customerName: null,
    qc: QCS[i % QCS.length] ?? 'none',
    qcAttempts: 0,
    paidAt: i % 2 ? created : null,
    deliveredAt: null,
    loggedAt: null,
    designerShareRobux: null,
    createdAt: created,
    updatedAt: created,
  };
});

const ORDER_LIST: FakeList<OrderSummary> = {
  rows: ORDERS,
  facets: {
    status: (row) => row.status,
    designer: (row) => row.designerDiscordId,
    qc: (row) => row.qc,
    paid: (row) => String(row.paidAt !== null),
  },
  text: (row) => `${row.id} ${row.customerRobloxUsername}`,
  sorts: {
    created: (row) => String(row.createdAt),
    price: (row) => row.priceRobux,
    status: (row) => row.status,
  },
  defaultSort: 'created',
  day: (row) => String(row.createdAt).slice(0, 10),
};

const SERVICES = [
  { key: 'service:banners', label: 'Banners' },
  { key: 'service:emojis', label: 'Emojis' },
];
const TICKETS: TicketSummary[] = Array.from({ length: 60 }, (_, i) => {
  const designer = i % 3 === 0 ? null : (DESIGNERS[i % DESIGNERS.length] ?? null);
  const service = SERVICES[i % SERVICES.length] ?? { key: 'service:banners', label: 'Banners' };
  return {
    number: 60 - i,
    name: `ticket-${String(60 - i).padStart(4, '0')}`,
    status: TICKET_STATUSES[i % TICKET_STATUSES.length] ?? 'open',
    source: i % 2 ? 'site' : 'discord',
    serviceKey: service.key,
    serviceLabel: service.label,
    customerDiscordId: `31000000000000${String(i).padStart(4, '0')}`,
    customerName: `customer${i}`,
    robloxUsername: `Roblox${i}`,
    claimantDiscordId: designer?.discordId ?? null,
    claimantName: designer?.name ?? null,
    orderStatus: null,
    createdAt: new Date(NOW - (i + 1) * HOUR).toISOString(),
    closedAt: null,
    lastActivityAt: new Date(NOW - (i + 1) * HOUR).toISOString(),
    reply: 'none',
    actions: ['reassign', 'forceClose'],
  };
});
const TICKET_LIST: FakeList<TicketSummary> = {
  rows: TICKETS,
  facets: {
    status: (row) => row.status,
    service: (row) => row.serviceKey,
    claimant: (row) => row.claimantDiscordId ?? '',
  },
  text: (row) => `${row.name} ${row.customerName}`,
  sorts: { created: (row) => String(row.createdAt), status: (row) => row.status },
  defaultSort: 'created',
  day: (row) => String(row.createdAt).slice(0, 10),
};

const POLL = { timeout: 30_000, interval: 100 };
const LEAD = { discordId: '200000000000000010', username: 'Lea' };
// Beside the other dashboard screenshots, in the folder git ignores.
const SHOTS = 'test-results/dashboard';
mkdirSync(SHOTS, { recursive: true });

const byCreated = [...ORDERS].sort((a, b) =>
  String(b.createdAt).localeCompare(String(a.createdAt)),
);
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const ordersTable = (page: Page): Locator => page.getByRole('table', { name: 'Orders' });
const expectOrders = (page: Page, expected: string[]) =>
  expect.poll(() => readColumn(ordersTable(page), 'Order'), POLL).toEqual(expected);

describe('the dashboard’s table in Chromium', () => {
  const site = useBrowserSite();

  /** A lead's page with the lists answered by the fakes. */
  async function openList(path: string, options?: Parameters<typeof site.browser.newPage>[0]) {
    const page = await site.browser.newPage(options);
    const errors = watchPageErrors(page);
    await routeList(page, '/api/staff/orders', ORDER_LIST);
    await routeList(page, '/api/staff/tickets', TICKET_LIST);
    await routeJson(page, '/api/staff/orders/designers', { designers: DESIGNERS });
    await routeJson(page, '/api/staff/tickets/claimants', { claimants: DESIGNERS });
    await site.signInAsStaff(page, ['lead'], LEAD);
    await page.goto(site.url + path);
    await waitForPage(page);
    return { page, errors };
  }

  it('searches as you type, filters by two values with counts, removes a chip and resets', async () => {
    const { page, errors } = await openList('/dashboard/orders');
    await expectOrders(page, ids(byCreated.slice(0, 25)));
    const pages = page.getByRole('navigation', { name: 'Orders pages' });
    await pages.getByText('Page 1 of 50 · 1,230 in all').waitFor();
    await waitForData(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/table-orders-1280.png`, fullPage: true });

    // Typed, not submitted: the list follows once typing pauses.
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('customer012');
    await page.waitForURL((url) => url.searchParams.get('q') === 'customer012');
    const searched = byCreated.filter((row) => row.customerRobloxUsername.includes('Customer012'));
    await expectOrders(page, ids(searched));
    await pages.getByText(`Page 1 of 1 · ${searched.length} in all`).waitFor();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));

    // The status facet: every status with its count; two ticked.
    await page.getByRole('button', { name: 'Filter by Status', exact: true }).click();
    const options = page.getByRole('dialog', { name: 'Status filter' }).getByRole('option');
    const count = (status: OrderStatus) => ORDERS.filter((row) => row.status === status).length;
    const paidLabel = ORDER_STATUS_LABELS.paid;
    const loggedLabel = ORDER_STATUS_LABELS.logged;
    await expect
      .poll(() => options.allTextContents(), POLL)
      .toEqual(ORDER_STATUSES.map((status) => `${ORDER_STATUS_LABELS[status]}${count(status)}`));
    await expectNoAxeViolations(page);
    await options.filter({ hasText: paidLabel }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'paid');
    await options.filter({ hasText: loggedLabel }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'paid,logged');
    await page.keyboard.press('Escape');
    const both = byCreated.filter((row) => row.status === 'paid' || row.status === 'logged');
    await expectOrders(page, ids(both.slice(0, 25)));
    await pages.getByText(`${both.length} in all`).waitFor();
    // The button shows what is chosen, and so do the chips.
    await page
      .getByRole('button', { name: `Filter by Status: ${paidLabel}, ${loggedLabel}` })
      .waitFor();
    const chips = page.getByRole('list', { name: 'Filters applied' });
    await chips.getByRole('button', { name: `Remove Status: ${paidLabel}` }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'logged');
    await expectOrders(page, ids(byCreated.filter((row) => row.status === 'logged').slice(0, 25)));

    // A second facet joins the first; Reset clears both and the search.
    await page.getByRole('button', { name: 'Filter by Designer', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Designer filter' })
      .getByRole('option', { name: /^Borealis/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get('designer') === DESIGNERS[1].discordId);
    await page.keyboard.press('Escape');
    await chips.getByRole('button', { name: 'Reset' }).click();
    await page.waitForURL((url) => url.search === '');
    await expectOrders(page, ids(byCreated.slice(0, 25)));
    expect(await chips.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows 0 for a chosen value nothing matches, and an empty list with Reset', async () => {
    const { page } = await openList('/dashboard/orders?q=nobody&status=paid');
    await page.getByText('No orders match these filters.').waitFor();
    await page.getByRole('button', { name: /^Filter by Status/ }).click();
    await expect
      .poll(() => page.getByRole('option', { name: /^Paid/ }).textContent(), POLL)
      .toBe(`✓${ORDER_STATUS_LABELS.paid}0`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expectOrders(page, ids(byCreated.slice(0, 25)));
    await page.close();
  });

  it('says “about” for an estimated total and its counts', async () => {
    const page = await site.browser.newPage();
    await routeList(page, '/api/staff/orders', { ...ORDER_LIST, estimate: true });
    await routeJson(page, '/api/staff/orders/designers', { designers: DESIGNERS });
    await site.signInAsStaff(page, ['lead'], LEAD);
    await page.goto(`${site.url}/dashboard/orders`);
    await waitForPage(page);
    const footer = page.getByRole('navigation', { name: 'Orders pages' });
    await footer.getByText('Page 1 of about 50 · about 1,230 in all').waitFor();
    await page.getByRole('button', { name: /^Filter by Designer/ }).click();
    await page.getByRole('option', { name: /^Astra\s*about 410$/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('says “about” for estimated counts beside an exact total', async () => {
    const page = await site.browser.newPage();
    await routeList(page, '/api/staff/orders', { ...ORDER_LIST, estimate: 'facets' });
    await routeJson(page, '/api/staff/orders/designers', { designers: DESIGNERS });
    await site.signInAsStaff(page, ['lead'], LEAD);
    await page.goto(`${site.url}/dashboard/orders`);
    await waitForPage(page);
    const footer = page.getByRole('navigation', { name: 'Orders pages' });
    await footer.getByText('Page 1 of 50 · 1,230 in all').waitFor();
    await page.getByRole('button', { name: /^Filter by Designer/ }).click();
    await page.getByRole('option', { name: /^Astra\s*about 410$/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('sorts, changes the page size, and keeps page 2 through a reload', async () => {
    const { page, errors } = await openList('/dashboard/orders');
    await expectOrders(page, ids(byCreated.slice(0, 25)));
    const table = ordersTable(page);
    await table.getByRole('button', { name: 'Price (R$)' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price');
    const dearest = [...ORDERS].sort((a, b) => b.priceRobux - a.priceRobux);
    await expectOrders(page, ids(dearest.slice(0, 25)));
    expect(
      await table.getByRole('columnheader', { name: 'Price (R$)' }).getAttribute('aria-sort'),
    ).toBe('descending');
    await table.getByRole('button', { name: 'Price (R$)' }).click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'asc');
    await expectOrders(page, ids([...dearest].reverse().slice(0, 25)));

    const pages = page.getByRole('navigation', { name: 'Orders pages' });
    await pages.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
    await page.waitForURL((url) => url.searchParams.get('size') === '50');
    const cheapest = [...dearest].reverse();
    await expectOrders(page, ids(cheapest.slice(0, 50)));
    await pages.getByText('Page 1 of 25 · 1,230 in all').waitFor();

    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expectOrders(page, ids(cheapest.slice(50, 100)));
    await page.reload();
    await waitForPage(page);
    await expectOrders(page, ids(cheapest.slice(50, 100)));
    await pages.getByText('Page 2 of 25 · 1,230 in all').waitFor();
    expect(await pages.getByRole('button', { name: 'Previous page' }).isEnabled()).toBe(true);
    expect(urlParam(page, 'sort')).toBe('price');
    await pages.getByRole('button', { name: 'Last page' }).click();
    await expectOrders(page, ids(cheapest.slice(1200)));
    expect(await pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'First page' }).click();
    await expectOrders(page, ids(cheapest.slice(0, 50)));
    expect(urlParam(page, 'page')).toBeNull();

    // A filter goes back to page 1.
    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByRole('button', { name: 'Filter by Paid', exact: true }).click();
    await page.getByRole('option', { name: /^Not paid/ }).click();
    await page.waitForURL((url) => url.searchParams.get('paid') === 'false');
    expect(urlParam(page, 'page')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('picks a date range from the calendar', async () => {
    const { page } = await openList('/dashboard/orders');
    await expectOrders(page, ids(byCreated.slice(0, 25)));
    await page.getByRole('button', { name: 'Filter by Created' }).click();
    const calendar = page.getByRole('dialog', { name: 'Created between' });
    await calendar.getByRole('button', { name: /November 20th, 2026/ }).click();
    await calendar.getByRole('button', { name: /November 21st, 2026/ }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('from') === '2026-11-20' &&
        url.searchParams.get('to') === '2026-11-21',
    );
    const inRange = byCreated.filter((row) => {
      const day = String(row.createdAt).slice(0, 10);
      return day >= '2026-11-20' && day <= '2026-11-21';
    });
    await expectOrders(page, ids(inRange.slice(0, 25)));
    await page.keyboard.press('Escape');
    await page
      .getByRole('list', { name: 'Filters applied' })
      .getByRole('button', { name: 'Remove Created: 20 Nov 2026 – 21 Nov 2026' })
      .click();
    await page.waitForURL((url) => !url.searchParams.has('from'));
    await page.close();
  });

  it('works from the keyboard alone: / to search, j/k to move, Enter to open', async () => {
    const { page } = await openList('/dashboard/tickets');
    const table = page.getByRole('table', { name: 'Tickets' });
    await expect.poll(() => readColumn(table, 'Ticket'), POLL).toHaveLength(25);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Search tickets',
    );
    await page.keyboard.type('ticket-005');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ticket-005');
    await expect
      .poll(() => readColumn(table, 'Ticket'), POLL)
      .toEqual([
        'ticket-0059',
        'ticket-0058',
        'ticket-0057',
        'ticket-0056',
        'ticket-0055',
        'ticket-0054',
        'ticket-0053',
        'ticket-0052',
        'ticket-0051',
        'ticket-0050',
      ]);
    // Leave the box (Tab), then move: j down twice, k up once, Enter opens that row.
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(() => document.activeElement?.querySelector('th')?.textContent ?? null);
    await page.keyboard.press('j');
    expect(await focused()).toBe('ticket-0059');
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('ticket-0057');
    await page.keyboard.press('k');
    expect(await focused()).toBe('ticket-0058');
    // The focused row shows it.
    expect(
      await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle),
    ).toBe('solid');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/tickets/58');
    await page.close();
  });

  it('offers a row’s actions in its menu, and fits a tablet with them', async () => {
    const tablet = { width: 768, height: 1024 };
    const { page } = await openList('/dashboard/tickets', { ...PHONE, viewport: tablet });
    await expect
      .poll(() => readColumn(page.getByRole('table', { name: 'Tickets' }), 'Ticket'), POLL)
      .toHaveLength(25);
    // The wide table scrolls in its own box; nothing in it (its hidden headers included)
    // widens the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(tablet.width);
    await page.getByRole('button', { name: 'Actions for 60' }).tap();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Open ticket',
      'Reassign…',
      'Force close…',
    ]);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('screenshots Tickets at 1280 px', async () => {
    const { page, errors } = await openList('/dashboard/tickets', {
      viewport: { width: 1280, height: 900 },
    });
    await expect
      .poll(() => readColumn(page.getByRole('table', { name: 'Tickets' }), 'Ticket'), POLL)
      .toHaveLength(25);
    await waitForData(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/table-tickets-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('folds the toolbar into a Filters sheet and rows into cards on a phone', async () => {
    const { page, errors } = await openList('/dashboard/orders', PHONE);
    const cards = page.getByRole('region', { name: 'Orders list' }).getByRole('listitem');
    await expect.poll(() => cards.count(), POLL).toBe(25);
    await waitForData(page);
    // Only the search box and the Filters button: no facet buttons, no table.
    expect(await page.getByRole('button', { name: 'Filter by Status', exact: true }).count()).toBe(
      0,
    );
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await cards.first().getByRole('link', { name: 'order-0001' }).count()).toBe(1);
    // A card says what the table's row says: every shown column, the hidden ones not.
    const labels = () => cards.first().locator('dt').allTextContents();
    expect(await labels()).toEqual([
      'Status',
      'Designer',
      'Customer',
      'Price (R$)',
      'QC',
      'Created',
    ]);
    // The search box keeps the row's width; what it looks in is said under it, in full.
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    expect(await search.getAttribute('placeholder')).toBe('Search…');
    expect(await search.evaluate((input) => input.getBoundingClientRect().width)).toBeGreaterThan(
      200,
    );
    const hint = await search.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hint}"]`).textContent()).toBe(
      'Order id, customer or Roblox name',
    );
    await page.screenshot({ path: `${SHOTS}/table-orders-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /^Filters/ }).tap();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('button', { name: 'Filter by Status', exact: true }).tap();
    await page.getByRole('option', { name: /^Paid/ }).tap();
    await page.waitForURL((url) => url.searchParams.get('status') === 'paid');
    await page.getByRole('option', { name: /^Paid/ }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await sheet.getByRole('button', { name: 'Done' }).tap();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Filters ?1$/ }).waitFor();
    await page
      .getByRole('list', { name: 'Filters applied' })
      .getByRole('button', { name: `Remove Status: ${ORDER_STATUS_LABELS.paid}` })
      .waitFor();
    await expect.poll(() => cards.first().textContent(), POLL).toContain(ORDER_STATUS_LABELS.paid);

    // The View menu's choice (made on a desktop, kept in this browser) holds on the cards too.
    await page.evaluate(() =>
      localStorage.setItem(
        'lunar.dashboard.columns.orders',
        JSON.stringify({ qc: false, paid: true }),
      ),
    );
    await page.reload();
    await waitForPage(page);
    await expect
      .poll(labels, POLL)
      .toEqual(['Status', 'Designer', 'Customer', 'Price (R$)', 'Paid', 'Created']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('screenshots Tickets at 360 px', async () => {
    const { page, errors } = await openList('/dashboard/tickets', PHONE);
    const cards = page.getByRole('region', { name: 'Tickets list' }).getByRole('listitem');
    await expect.poll(() => cards.count(), POLL).toBe(25);
    await waitForData(page);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await page.screenshot({ path: `${SHOTS}/table-tickets-360.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
