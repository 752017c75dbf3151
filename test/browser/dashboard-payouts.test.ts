import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { periodStartOf } from '../../core/orders/payouts';
import { addDays, toDay } from '../../core/shared/day';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { formatDay, formatNumber } from '../../web/src/dashboard/display/format';
import { insertOrder, loggedOrder } from '../support/orders';
import {
  expectNoAxeViolations,
  PHONE,
  requestJson,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';
import { pickFacet, readTable, urlParam } from './tables';

// Payouts as an executive meets them: the shares the order log stored, per designer and week;
// one line marked paid out through the confirmation dialog, by keyboard only; the CSV export.
// A lead sees the same lines and cannot pay, in the page or at the server.

const ASTRA = { discordId: '210000000000000001', username: 'Astra' };
const BOREALIS = { discordId: '210000000000000002', username: 'Borealis' };
const EXECUTIVE = { discordId: '210000000000000010', username: 'Exa' };
const LEAD = { discordId: '210000000000000011', username: 'Lea' };

// Whole weeks before this one (ISO weeks from Monday, UTC): the default range shows twelve.
const thisWeek = periodStartOf('week', toDay(new Date()));
const lastWeek = addDays(thisWeek, -7);
const weekBefore = addDays(thisWeek, -14);
const tuesday = (week: string, hour: number) => `${addDays(week, 1)}T${hour}:00:00Z`;

const LOGGED = [
  loggedOrder('pay-1', ASTRA.discordId, tuesday(lastWeek, 10), { price: 1000 }), // 900
  loggedOrder('pay-2', ASTRA.discordId, tuesday(lastWeek, 11), { price: 500, qcPassed: false }), // 400
  loggedOrder('pay-3', BOREALIS.discordId, tuesday(lastWeek, 12), { price: 2000 }), // 1800
  loggedOrder('pay-4', BOREALIS.discordId, tuesday(weekBefore, 12), { price: 800 }), // 720
];

const POLL = { timeout: 30_000, interval: 200 };

const payoutsTable = (page: Page) => page.getByRole('table', { name: /^Payouts per designer/ });
const line = (page: Page, week: string, designer: string) =>
  payoutsTable(page)
    .getByRole('row')
    .filter({ hasText: formatDay(week) })
    .filter({ hasText: designer });

/** What a person reads in the table, but the Paid out column (dates in the browser's locale). */
async function readLines(page: Page) {
  return (await readTable(payoutsTable(page))).map(
    ({ 'Paid out': _paidOut, Actions: _actions, ...rest }) => rest,
  );
}

// Days and amounts as the dashboard writes them everywhere (web/src/dashboard/display).
const unpaid = (week: string, designer: string, orders: number, owed: number) => ({
  Period: formatDay(week),
  Designer: designer,
  Orders: String(orders),
  'Owed (R$)': formatNumber(owed),
  'Paid (R$)': '0',
  'Unpaid (R$)': formatNumber(owed),
});

async function staffCookies(page: Page): Promise<string[]> {
  const cookies = await page.context().cookies();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`);
}

describe('the dashboard’s payouts in Chromium', () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    const staff = createStaffUsersRepository(site.db);
    for (const designer of [ASTRA, BOREALIS]) {
      await staff.upsertByDiscordId({ ...designer, roles: ['designer'] });
    }
    for (const order of LOGGED) await insertOrder(site.db, order);
  });

  it('an executive marks one designer’s week paid out by keyboard and exports the CSV', async () => {
    const page = await site.browser.newPage({ acceptDownloads: true });
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive'], EXECUTIVE);
    await page.goto(`${site.url}/dashboard/payouts`);
    await waitForPage(page);
    // Newest week first, designers in id order within one.
    await expect
      .poll(() => readLines(page), POLL)
      .toEqual([
        unpaid(lastWeek, 'Astra', 2, 1300),
        unpaid(lastWeek, 'Borealis', 1, 1800),
        unpaid(weekBefore, 'Borealis', 1, 720),
      ]);
    await waitForData(page);
    await expectNoAxeViolations(page);

    // Period and Export sit in the table's toolbar, with the View menu.
    const toolbar = page.getByRole('searchbox', { name: 'Search payouts' }).locator('xpath=../..');
    await toolbar.getByRole('combobox', { name: /^Period/ }).waitFor();
    await toolbar.getByRole('link', { name: 'Export CSV' }).waitFor();

    // Mark paid is in the line's "…" menu, as other lists' actions are. Enter opens the dialog
    // with focus on Cancel; Escape closes it, paying nothing, and focus returns to the menu.
    const astra = line(page, lastWeek, 'Astra');
    const menu = astra.getByRole('button', { name: /^Actions for/ });
    const openMarkPaid = async () => {
      await menu.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Mark paid' }).waitFor();
      await page.keyboard.press('Enter');
    };
    await openMarkPaid();
    const dialog = page.getByRole('dialog', { name: 'Pay Astra 1,300 R$?' });
    await dialog.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), POLL)
      .toBe('Cancel');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => menu.evaluate((button) => button === document.activeElement), POLL)
      .toBe(true);

    await openMarkPaid();
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), POLL)
      .toBe('Mark paid out');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => readLines(page), POLL)
      .toEqual([
        { ...unpaid(lastWeek, 'Astra', 2, 1300), 'Paid (R$)': '1,300', 'Unpaid (R$)': '0' },
        unpaid(lastWeek, 'Borealis', 1, 1800),
        unpaid(weekBefore, 'Borealis', 1, 720),
      ]);
    await astra.getByText(/^1,300 R\$ on .+ by Exa$/).waitFor();
    // Nothing left to pay: no menu.
    await expect(menu.count()).resolves.toBe(0);
    // Paid (R$) sorts like the other amounts: the paid line first.
    await payoutsTable(page).getByRole('button', { name: 'Paid (R$)', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'paid');
    await expect
      .poll(async () => (await readLines(page))[0], POLL)
      .toMatchObject({ Designer: 'Astra', 'Paid (R$)': '1,300' });

    // The export: one line per logged order, the paid ones with their payout.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path()) as string, 'utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      '"period_start","designer_discord_id","designer","order_id","logged_at","price_robux","qc_passed","share_percent","share_robux","payout_id","paid_out_at"',
    );
    const cells = rows.map((row) => row.slice(1, -1).split('","'));
    expect(cells.map((row) => [row[0], row[2], row[3], row[5], row[7], row[8]]).sort()).toEqual(
      [
        [lastWeek, 'Astra', 'pay-1', '1000', '90', '900'],
        [lastWeek, 'Astra', 'pay-2', '500', '80', '400'],
        [lastWeek, 'Borealis', 'pay-3', '2000', '90', '1800'],
        [weekBefore, 'Borealis', 'pay-4', '800', '90', '720'],
      ].sort(),
    );
    for (const row of cells) {
      const paid = row[2] === 'Astra';
      expect(row[9] !== '' && row[10] !== '', `${row[3]} paid out`).toBe(paid);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a lead sees what is owed but cannot mark it paid, in the page or at the server', async () => {
    const page = await site.browser.newPage();
    await site.signInAsStaff(page, ['lead'], LEAD);
    await page.goto(`${site.url}/dashboard/payouts`);
    await waitForPage(page);
    const borealis = line(page, lastWeek, 'Borealis');
    await borealis.waitFor();
    await expect
      .poll(() => readLines(page), POLL)
      .toContainEqual(unpaid(lastWeek, 'Borealis', 1, 1800));
    await expect(page.getByRole('button', { name: /^Actions for/ }).count()).resolves.toBe(0);

    // The designer facet names each designer, with their lines' count; the URL keeps it.
    await page.getByRole('button', { name: /^Filter by Designer/ }).click();
    await page
      .getByRole('dialog', { name: 'Designer filter' })
      .getByRole('option', { name: /^Borealis\s*2$/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await pickFacet(page, 'Designer', 'Borealis');
    await expect
      .poll(() => readLines(page), POLL)
      .toEqual([unpaid(lastWeek, 'Borealis', 1, 1800), unpaid(weekBefore, 'Borealis', 1, 720)]);
    expect(urlParam(page, 'designer')).toBe(BOREALIS.discordId);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => (await readLines(page)).length, POLL).toBe(3);

    const refused = await requestJson(site, 'POST', '/api/staff/payouts/mark-paid', {
      cookies: await staffCookies(page),
      body: {
        designerDiscordId: BOREALIS.discordId,
        period: 'week',
        periodStart: lastWeek,
        expectedAmountRobux: 1800,
      },
    });
    expect(refused.status).toBe(403);
    await page.reload();
    await waitForPage(page);
    await expect
      .poll(() => readLines(page), POLL)
      .toContainEqual(unpaid(lastWeek, 'Borealis', 1, 1800));
    await page.close();
  });

  it('keeps to a phone’s width: each line a card', async () => {
    const page = await site.browser.newPage({ ...PHONE });
    await site.signInAsStaff(page, ['lead'], LEAD);
    await page.goto(`${site.url}/dashboard/payouts`);
    await waitForPage(page);
    const cards = page
      .getByRole('region', { name: 'Payouts per designer and week list' })
      .getByRole('listitem');
    await cards
      .filter({ hasText: formatDay(weekBefore) })
      .filter({ hasText: 'Borealis' })
      .waitFor();
    await waitForData(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      PHONE.viewport.width,
    );
    await expectNoAxeViolations(page);
    await page.close();
  });
});
