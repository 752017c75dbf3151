import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROBLOX_CHECK_ACTOR_ID } from '../../core/orders';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { orderPayments, orders } from '../../db/schema';
import { CUSTOMER_TEST_SECRET, signInAsCustomer } from '../support/customer';
import { insertOrder } from '../support/orders';
import {
  expectNoAxeViolations,
  PHONE,
  requestJson,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';
import { pickFacet, readColumn, readTable, urlParam } from './tables';

// Issue 31's Payments page as a payment verifier meets it (desktop and phone), a designer who
// has no such section, and the customer's "Your orders" turning to "Paid" by itself.

const VERIFIER = { discordId: '230000000000000001', username: 'Vera' };
const DESIGNER = { discordId: '230000000000000002', username: 'Dane' };
const POLL = { timeout: 30_000, interval: 200 };
const MINUTE = 60_000;

// Customer sign-in on, as the customer pages need it (tokens sealed under the test secret).
const ENV = {
  DISCORD_TOKEN: 'bm90LWEtdG9rZW4.fake.fake-token-part',
  DISCORD_GUILD_ID: '730000000000000001',
  DISCORD_CLIENT_ID: '730000000000000002',
  DISCORD_CLIENT_SECRET: CUSTOMER_TEST_SECRET,
  DISCORD_LEAD_ROLE_ID: '730000000000000003',
};

const paymentsTable = (page: Page) => page.getByRole('table', { name: 'Payments' });

/** The row's "…" menu, then Verify payment. */
async function verifyFromMenu(page: Page, orderId: string) {
  await page.getByRole('button', { name: `Actions for ${orderId}` }).click();
  await page.getByRole('menuitem', { name: 'Verify payment' }).click();
}

async function cookiesOf(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`);
}

describe('the dashboard’s Payments page in Chromium', () => {
  const site = useBrowserSite(ENV);

  beforeAll(async () => {
    await createStaffUsersRepository(site.db).upsertByDiscordId({
      ...DESIGNER,
      roles: ['designer'],
    });
    const now = Date.now();
    for (const [id, check] of [
      ['bp-1', { lastCheckResult: 'not_yet', lastCheckAt: new Date(now - 4 * MINUTE) }],
      [
        'bp-2',
        {
          lastCheckResult: 'private_inventory',
          lastCheckAt: new Date(now - 2 * MINUTE),
          escalatedAt: new Date(now - 2 * MINUTE),
          escalationReason: 'Cara_R’s inventory is private, so the bot cannot see the purchase.',
        },
      ],
    ] as const) {
      await insertOrder(site.db, {
        id,
        designerDiscordId: DESIGNER.discordId,
        customerRobloxUsername: 'Cara_R',
        priceRobux: 700,
        createdAt: new Date(now - 10 * MINUTE),
      });
      await site.db
        .insert(orderPayments)
        .values({ orderId: id, passPrice: 1000, gamePassId: `8${id.slice(-1)}`, ...check });
    }
  });

  it('a verifier sees what waits, why, and verifies one through the dialog', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['payment_verifier'], VERIFIER);
    await page.goto(`${site.url}/dashboard`);
    await waitForPage(page);
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    await nav.getByRole('link', { name: 'Payments' }).click();
    await expect
      .poll(() => readColumn(paymentsTable(page), 'Order'), POLL)
      .toEqual(['bp-2', 'bp-1']);
    const rows = await readTable(paymentsTable(page));
    expect(rows[0]).toMatchObject({
      Customer: 'Cara_R',
      Method: 'Robux',
      'Amount (R$)': '1,000',
      Status: 'Awaiting payment',
      'Automatic check':
        'Handed to a verifier: Cara_R’s inventory is private, so the bot cannot see the purchase. 2 min ago',
    });
    expect(rows[1]?.['Automatic check']).toBe('Not bought yet 4 min ago');
    // The status is the shared badge, as on Orders.
    await expect(
      paymentsTable(page)
        .getByText('Awaiting payment', { exact: true })
        .first()
        .evaluate((badge) => badge.className),
    ).resolves.toContain('rounded-full');
    await waitForData(page);
    await expectNoAxeViolations(page);

    await verifyFromMenu(page, 'bp-1');
    const dialog = page.getByRole('dialog', { name: 'Verify the payment of order bp-1?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Verify payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Awaiting only (the default filter): the paid order leaves the list.
    await expect.poll(() => readColumn(paymentsTable(page), 'Order'), POLL).toEqual(['bp-2']);
    const [paid] = await site.db.select().from(orders).where(eq(orders.id, 'bp-1'));
    expect(paid).toMatchObject({ status: 'paid', paymentVerifiedBy: VERIFIER.discordId });

    // Meanwhile the automatic check paid bp-2: the dialog says so in words, the list refreshes.
    await verifyFromMenu(page, 'bp-2');
    await site.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), paymentVerifiedBy: ROBLOX_CHECK_ACTOR_ID })
      .where(eq(orders.id, 'bp-2'));
    const late = page.getByRole('dialog', { name: 'Verify the payment of order bp-2?' });
    await late.getByRole('button', { name: 'Verify payment' }).click();
    await late
      .getByRole('alert')
      .getByText('The payment of order bp-2 was already verified by the automatic Roblox check.')
      .waitFor();
    await page.keyboard.press('Escape');

    // Paid orders on request, through the status filter.
    await pickFacet(page, 'Status', 'Awaiting payment');
    await pickFacet(page, 'Status', 'Paid');
    expect(urlParam(page, 'status')).toBe('paid');
    await expect
      .poll(async () => (await readColumn(paymentsTable(page), 'Order')).sort(), POLL)
      .toEqual(['bp-1', 'bp-2']);
    // The browser logs the refused request; nothing else went wrong.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    await page.close();
  });

  it('keeps to a phone’s width, each payment a card', async () => {
    const page = await site.browser.newPage({ ...PHONE });
    await site.signInAsStaff(page, ['payment_verifier'], VERIFIER);
    await page.goto(`${site.url}/dashboard/payments?status=paid`);
    await waitForPage(page);
    const cards = page.getByRole('region', { name: 'Payments list' }).getByRole('listitem');
    await expect.poll(() => cards.count(), POLL).toBe(2);
    await cards.first().locator('dd').getByText('Paid', { exact: true }).waitFor();
    await waitForData(page);
    // Every column the table shows (Paid waits in the View menu), the customer by name.
    expect(await cards.first().locator('dt').allTextContents()).toEqual([
      'Customer',
      'Method',
      'Amount (R$)',
      'Status',
      'Automatic check',
      'Created',
    ]);
    await cards.first().getByText('Cara_R', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      PHONE.viewport.width,
    );
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('a designer has no Payments entry, no page and a 403 from the API', async () => {
    const page = await site.browser.newPage();
    await site.signInAsStaff(page, ['designer'], DESIGNER);
    await page.goto(`${site.url}/dashboard/payments`);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'This section is not for your role' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    await nav.getByRole('link', { name: 'Orders' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Payments' }).count()).toBe(0);
    const refused = await requestJson(site, 'GET', '/api/staff/payments', {
      cookies: await cookiesOf(page),
    });
    expect(refused.status).toBe(403);
    await page.close();
  });

  it('“Your orders” shows the amount and the game pass link, then turns Paid by itself', async () => {
    const customer = await signInAsCustomer(site.db);
    const cookies = [customer.cookie];
    const opened = await requestJson(site, 'POST', '/api/customer/tickets', {
      cookies,
      body: {
        service: 'service:banners',
        request: 'A banner for our group',
        budgetRobux: '100',
        deadline: 'Friday',
        robloxUsername: 'Cara_R',
      },
    });
    expect(opened.status).toBe(201);
    const { name: orderId, number } = opened.body as { name: string; number: number };
    await createTicketsRepository(site.db).markTicketOpened(number, '730000000000000031');
    await insertOrder(site.db, {
      id: orderId,
      customerDiscordId: customer.discordId,
      customerRobloxUsername: 'Cara_R',
      priceRobux: 100,
    });
    await site.db
      .insert(orderPayments)
      .values({ orderId, passPrice: 143, gamePassId: '4242', passOnSale: true });

    for (const options of [{}, { ...PHONE }]) {
      const page = await site.browser.newPage(options);
      const errors = watchPageErrors(page);
      const [name, value] = customer.cookie.split('=') as [string, string];
      await page.context().addCookies([{ name, value, url: site.url }]);
      await page.goto(`${site.url}/orders`);
      await waitForPage(page);
      const buy = page.getByRole('link', {
        name: `Buy the game pass (143 R$) for order ${orderId}`,
      });
      await buy.waitFor();
      expect(await buy.getAttribute('href')).toBe('https://www.roblox.com/game-pass/4242');
      await page.getByText('To pay: 143 R$').waitFor();
      await waitForData(page);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await page.close();
    }

    const page = await site.browser.newPage();
    const [name, value] = customer.cookie.split('=') as [string, string];
    await page.context().addCookies([{ name, value, url: site.url }]);
    await page.goto(`${site.url}/orders`);
    await waitForPage(page);
    await page.getByText('Awaiting payment').waitFor();
    await site.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), paymentVerifiedBy: ROBLOX_CHECK_ACTOR_ID })
      .where(eq(orders.id, orderId));
    // No reload: the page asks again while something awaits payment.
    await page.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: /Buy the game pass/ }).count()).toBe(0);
    await page.close();
  });
});
