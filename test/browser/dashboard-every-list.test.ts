import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../core/auth';
import {
  APPLICATION_ROWS,
  DESIGNERS,
  type ListRow,
  MESSAGE_ROWS,
  ORDER_ROWS,
  PAYMENT_ROWS,
  PAYOUT_ROWS,
  REVIEW_ROWS,
  REVIEW_WORD,
  SEARCH_WORD,
  seedEveryList,
  TICKET_ROWS,
} from './every-list-rows';
import {
  expectNoAxeViolations,
  nextFrames,
  PHONE,
  type StaffIdentityInput,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';
import { readColumn, urlParam } from './tables';

// Issue 32's proof, on every dashboard list against the real server and database: one script
// run over a table of the seven lists. At 1280 px: search as you type, two values of one facet
// with the server's counts, a chip removed, Reset, a sort, ten rows a page, page 2 through a
// reload, the keyboard alone (/, j/k, Enter), axe. On a phone: the search box and the Filters
// sheet, one value ticked, cards that narrow, the filter kept through a reload, axe.
// One seeded site and one browser serve every case; each role keeps one page per device.

type FacetValue = { value: string; label: string };

type ListCase = {
  name: string;
  path: string;
  role: StaffRole;
  /** The table's accessible name (its caption). */
  caption: string;
  searchLabel: string;
  /** What the search box is given, and which rows it finds (ListRow.found). */
  search: string;
  /** The column naming each row (ListRow.name). */
  nameColumn: string;
  rows: ListRow[];
  /** The facet's button label, its URL parameter and the two values ticked (ListRow.facet). */
  facet: { label: string; param: string; values: [FacetValue, FacetValue] };
  /** A sortable column whose key (ListRow.sortKey) differs from row to row. */
  sortBy: string;
  /** The query the page opens on by itself (Payments opens on what waits). */
  opensOn?: string;
  /** Enter on a row opens its page; lists without one leave Enter to the row's controls. */
  enterOpens: boolean;
};

const LEAD = { discordId: '240000000000000010', username: 'Lenna' };
const VERIFIER = { discordId: '240000000000000011', username: 'Vesna' };
const STAFF = { discordId: '240000000000000012', username: 'Stellan' };
const WHO: Partial<Record<StaffRole, StaffIdentityInput>> = {
  lead: LEAD,
  payment_verifier: VERIFIER,
  staff: STAFF,
};
const [ASTRA, BOREALIS] = DESIGNERS;

const LISTS: ListCase[] = [
  {
    name: 'Applications',
    path: '/dashboard/applications',
    role: 'lead',
    caption: 'Applications',
    searchLabel: 'Search references, usernames and answers',
    search: SEARCH_WORD,
    nameColumn: 'Roblox username',
    rows: APPLICATION_ROWS,
    facet: {
      label: 'Status',
      param: 'status',
      values: [
        { value: 'pending', label: 'Pending' },
        { value: 'accepted', label: 'Accepted' },
      ],
    },
    sortBy: 'Roblox username',
    enterOpens: true,
  },
  {
    name: 'Orders',
    path: '/dashboard/orders',
    role: 'lead',
    caption: 'Orders',
    searchLabel: 'Search orders',
    search: SEARCH_WORD,
    nameColumn: 'Order',
    rows: ORDER_ROWS,
    facet: {
      label: 'Status',
      param: 'status',
      values: [
        { value: 'awaiting_payment', label: 'Awaiting payment' },
        { value: 'paid', label: 'Paid' },
      ],
    },
    sortBy: 'Price (R$)',
    enterOpens: true,
  },
  {
    name: 'Tickets',
    path: '/dashboard/tickets',
    role: 'lead',
    caption: 'Tickets',
    searchLabel: 'Search tickets',
    search: SEARCH_WORD,
    nameColumn: 'Ticket',
    rows: TICKET_ROWS,
    facet: {
      label: 'Status',
      param: 'status',
      values: [
        { value: 'open', label: 'Open' },
        { value: 'claimed', label: 'Claimed' },
      ],
    },
    sortBy: 'Ticket',
    enterOpens: true,
  },
  {
    name: 'Payouts',
    path: '/dashboard/payouts',
    role: 'lead',
    caption: 'Payouts per designer and week',
    searchLabel: 'Search payouts',
    search: ASTRA.username.toLowerCase(),
    nameColumn: 'Owed (R$)',
    rows: PAYOUT_ROWS,
    facet: {
      label: 'Designer',
      param: 'designer',
      values: [
        { value: ASTRA.discordId, label: ASTRA.username },
        { value: BOREALIS.discordId, label: BOREALIS.username },
      ],
    },
    sortBy: 'Owed (R$)',
    enterOpens: false,
  },
  {
    name: 'Payments',
    path: '/dashboard/payments',
    role: 'payment_verifier',
    caption: 'Payments',
    searchLabel: 'Search payments',
    search: SEARCH_WORD,
    nameColumn: 'Order',
    rows: PAYMENT_ROWS,
    facet: {
      label: 'Status',
      param: 'status',
      values: [
        { value: 'awaiting', label: 'Awaiting payment' },
        { value: 'refunded', label: 'Refunded' },
      ],
    },
    sortBy: 'Amount (R$)',
    opensOn: '?status=awaiting',
    // A verifier alone does not see the Orders section, so a payment has no page to open.
    enterOpens: false,
  },
  {
    name: 'Reviews',
    path: '/dashboard/reviews',
    role: 'staff',
    caption: 'Reviews',
    searchLabel: 'Search reviews',
    search: REVIEW_WORD,
    nameColumn: 'Order',
    rows: REVIEW_ROWS,
    facet: {
      label: 'Rating',
      param: 'rating',
      values: [
        { value: '5', label: '5/5' },
        { value: '4', label: '4/5' },
      ],
    },
    sortBy: 'Order',
    enterOpens: false,
  },
  {
    name: 'Messages',
    path: '/dashboard/messages',
    role: 'lead',
    caption: 'Contact messages',
    searchLabel: 'Search messages',
    search: SEARCH_WORD,
    nameColumn: 'From',
    rows: MESSAGE_ROWS,
    facet: {
      label: 'Status',
      param: 'status',
      values: [
        { value: 'open', label: 'Open' },
        { value: 'handled', label: 'Handled' },
      ],
    },
    sortBy: 'From',
    enterOpens: false,
  },
];

const POLL = { timeout: 20_000, interval: 100 };
const PAGE_SIZE = 10;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const names = (rows: ListRow[]) => rows.map((row) => row.name);
/** The rows as the sort by `sortKey` shows them: the greatest first (a first click). */
const bySortKeyDesc = (rows: ListRow[]) =>
  [...rows].sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
const countOf = (list: ListCase, value: string) =>
  list.rows.filter((row) => row.facet === value).length;
/** "Page X of Y": Y at `size` rows a page. */
const pagesOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
const footerText = (page: number, pages: number, total: number) =>
  `Page ${page} of ${pages} · ${total} in all`;

describe('the toolbar on every dashboard list, against the real server', () => {
  const site = useBrowserSite({}, { prepare: (db) => seedEveryList(db, LEAD) });
  // One signed-in page per role and device, reused from list to list.
  const pages = new Map<string, { page: Page; errors: string[] }>();
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function pageFor(list: ListCase, phone: boolean) {
    const key = `${list.role}:${phone}`;
    let opened = pages.get(key);
    if (!opened) {
      const context = await site.browser.newContext(
        phone ? PHONE : { viewport: { width: 1280, height: 900 } },
      );
      contexts.push(context);
      const page = await context.newPage();
      await site.signInAsStaff(page, [list.role], WHO[list.role]);
      opened = { page, errors: watchPageErrors(page) };
      pages.set(key, opened);
    }
    const { page, errors } = opened;
    errors.length = 0; // each case answers for its own page's errors
    await page.goto(site.url + list.path);
    await waitForPage(page);
    if (list.opensOn) await page.waitForURL((url) => url.search === list.opensOn);
    return opened;
  }

  /** The footer's "Page X of Y · N in all", once the answer for it is shown. */
  const footer = (page: Page, list: ListCase) =>
    page.getByRole('navigation', { name: `${list.caption} pages` });
  const expectFooter = (page: Page, list: ListCase, text: string) =>
    expect.poll(() => footer(page, list).getByText(text, { exact: true }).count(), POLL).toBe(1);
  const chips = (page: Page) => page.getByRole('list', { name: 'Filters applied' });

  /** Back to every row: the page's own opening filter cleared by Reset. */
  async function resetIfFiltered(page: Page, list: ListCase) {
    if (!list.opensOn) return;
    await chips(page).getByRole('button', { name: 'Reset' }).click();
    await page.waitForURL((url) => url.search === '');
  }

  describe.each(LISTS)('$name at 1280 px', (list) => {
    it('searches, filters by two values with counts, removes a chip, resets, sorts and pages, by keyboard too', async () => {
      const { page, errors } = await pageFor(list, false);
      const table = page.getByRole('table', { name: list.caption });
      const shown = () => readColumn(table, list.nameColumn);
      /** The first page shows rows of `expected` only, as many as a page of 25 holds. */
      const expectRowsAmong = (expected: ListRow[]) =>
        expect
          .poll(async () => {
            const now = await shown();
            const allowed = new Set(names(expected));
            return now.length === Math.min(expected.length, 25) && now.every((n) => allowed.has(n));
          }, POLL)
          .toBe(true);
      await resetIfFiltered(page, list);
      const all = list.rows.length;
      await expectFooter(page, list, footerText(1, pagesOf(all, 25), all));

      // Typed, not submitted: the list follows once typing pauses.
      const search = page.getByRole('searchbox', { name: list.searchLabel });
      await search.fill(list.search);
      await page.waitForURL((url) => url.searchParams.get('q') === list.search);
      const found = list.rows.filter((row) => row.found);
      expect(found.length).toBeGreaterThan(0);
      await expectFooter(page, list, footerText(1, 1, found.length));
      await expectRowsAmong(found);
      await search.fill('');
      await page.waitForURL((url) => !url.searchParams.has('q'));
      await expectFooter(page, list, footerText(1, pagesOf(all, 25), all));

      // Two values of one facet, each with the server's count; the rows are both values'.
      const [first, second] = list.facet.values;
      const [firstCount, secondCount] = [countOf(list, first.value), countOf(list, second.value)];
      expect(firstCount * secondCount).toBeGreaterThan(0);
      await page
        .getByRole('button', { name: `Filter by ${list.facet.label}`, exact: true })
        .click();
      const popover = page.getByRole('dialog', { name: `${list.facet.label} filter` });
      const option = (value: FacetValue, count: number) =>
        popover.getByRole('option', { name: new RegExp(`^${literal(value.label)}\\s*${count}$`) });
      await option(first, firstCount).click();
      await page.waitForURL((url) => url.searchParams.get(list.facet.param) === first.value);
      await option(second, secondCount).click();
      await page.waitForURL(
        (url) => url.searchParams.get(list.facet.param) === `${first.value},${second.value}`,
      );
      // A facet's counts leave out its own choice: ticking did not change them.
      await option(first, firstCount).waitFor();
      await option(second, secondCount).waitFor();
      await page.keyboard.press('Escape');
      const both = list.rows.filter(
        (row) => row.facet === first.value || row.facet === second.value,
      );
      await expectFooter(page, list, footerText(1, pagesOf(both.length, 25), both.length));
      await expectRowsAmong(both);

      // One chip removed: the other value alone.
      await chips(page)
        .getByRole('button', { name: `Remove ${list.facet.label}: ${first.label}` })
        .click();
      await page.waitForURL((url) => url.searchParams.get(list.facet.param) === second.value);
      await expectFooter(page, list, footerText(1, pagesOf(secondCount, 25), secondCount));
      await expectRowsAmong(list.rows.filter((row) => row.facet === second.value));

      // The search joins the facet (both apply); Reset clears both.
      await search.fill(list.search);
      await page.waitForURL((url) => url.searchParams.get('q') === list.search);
      const foundOf = (value: FacetValue) =>
        found.filter((row) => row.facet === value.value).length;
      await expectFooter(page, list, footerText(1, 1, foundOf(second)));
      // The counts follow the search too.
      await page
        .getByRole('button', { name: new RegExp(`^Filter by ${list.facet.label}:`) })
        .click();
      await option(first, foundOf(first)).waitFor();
      await option(second, foundOf(second)).waitFor();
      await page.keyboard.press('Escape');
      await chips(page).getByRole('button', { name: 'Reset' }).click();
      await page.waitForURL((url) => url.search === '');
      await expectFooter(page, list, footerText(1, pagesOf(all, 25), all));
      expect(await chips(page).count()).toBe(0);
      expect(await search.inputValue()).toBe('');

      // A sort: the first click sorts descending, and the first row follows.
      const header = table.getByRole('columnheader', { name: list.sortBy, exact: true });
      expect(await header.getAttribute('aria-sort')).toBeNull();
      const ordered = names(bySortKeyDesc(list.rows));
      const firstBefore = (await shown())[0];
      expect(firstBefore).toBeDefined();
      expect(ordered[0]).not.toBe(firstBefore);
      await header.getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('order') === 'desc');
      await expect.poll(() => header.getAttribute('aria-sort'), POLL).toBe('descending');
      await expect.poll(async () => (await shown())[0], POLL).toBe(ordered[0]);

      // Ten rows a page; page 2 survives a reload.
      const pagesNav = footer(page, list);
      await pagesNav
        .getByRole('combobox', { name: 'Rows per page' })
        .selectOption(String(PAGE_SIZE));
      await page.waitForURL((url) => url.searchParams.get('size') === String(PAGE_SIZE));
      await expectFooter(page, list, footerText(1, pagesOf(all, PAGE_SIZE), all));
      expect(pagesOf(all, PAGE_SIZE)).toBeGreaterThanOrEqual(3);
      await expect.poll(shown, POLL).toEqual(ordered.slice(0, PAGE_SIZE));
      await pagesNav.getByRole('button', { name: 'Next page' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.reload();
      await waitForPage(page);
      await expectFooter(page, list, footerText(2, pagesOf(all, PAGE_SIZE), all));
      await expect.poll(shown, POLL).toEqual(ordered.slice(PAGE_SIZE, 2 * PAGE_SIZE));
      expect(urlParam(page, 'sort')).not.toBeNull();
      await waitForData(page);
      await expectNoAxeViolations(page);

      // The keyboard alone: / to the search box, j/k between rows, Enter.
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        list.searchLabel,
      );
      await page.keyboard.press('Tab');
      const focusedRow = () =>
        page.evaluate(() => document.activeElement?.getAttribute('data-row-index') ?? null);
      await page.keyboard.press('j');
      expect(await focusedRow()).toBe('0');
      await page.keyboard.press('j');
      expect(await focusedRow()).toBe('1');
      await page.keyboard.press('k');
      expect(await focusedRow()).toBe('0');
      const row = table.locator('tbody tr[data-row-index="0"]');
      const before = page.url();
      if (list.enterOpens) {
        const href = await row.getByRole('link').first().getAttribute('href');
        expect(href).toBeTruthy();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === href);
        await waitForPage(page);
      } else {
        // No page to open: Enter leaves the list where it is, the row still focused.
        await page.keyboard.press('Enter');
        await nextFrames(page);
        expect(page.url()).toBe(before);
        expect(await focusedRow()).toBe('0');
      }
      expect(errors).toEqual([]);
    });
  });

  describe.each(LISTS)('$name on a phone', (list) => {
    it('shows the search box and a Filters sheet; a ticked value narrows the cards and survives a reload', async () => {
      const { page, errors } = await pageFor(list, true);
      await resetIfFiltered(page, list);
      const cards = page
        .getByRole('region', { name: `${list.caption} list` })
        .getByRole('listitem');
      const all = list.rows.length;
      await expect.poll(() => cards.count(), POLL).toBe(Math.min(all, 25));
      await page.getByRole('searchbox', { name: list.searchLabel }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(
        await page
          .getByRole('button', { name: `Filter by ${list.facet.label}`, exact: true })
          .count(),
      ).toBe(0);

      const [value] = list.facet.values;
      const count = countOf(list, value.value);
      await page.getByRole('button', { name: /^Filters/ }).tap();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.getByRole('button', { name: `Filter by ${list.facet.label}`, exact: true }).tap();
      await page
        .getByRole('option', { name: new RegExp(`^${literal(value.label)}\\s*${count}$`) })
        .tap();
      await page.waitForURL((url) => url.searchParams.get(list.facet.param) === value.value);
      await page.keyboard.press('Escape');
      await sheet.getByRole('button', { name: 'Done' }).tap();
      await sheet.waitFor({ state: 'detached' });
      await expect.poll(() => cards.count(), POLL).toBe(Math.min(count, 25));

      await page.reload();
      await waitForPage(page);
      expect(urlParam(page, list.facet.param)).toBe(value.value);
      await page.getByRole('button', { name: /^Filters ?1$/ }).waitFor();
      await expect.poll(() => cards.count(), POLL).toBe(Math.min(count, 25));
      await waitForData(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  });
});
