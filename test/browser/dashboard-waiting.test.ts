import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../core/auth';
import type { Executor } from '../../db/client';
import { contactMessages, tickets } from '../../db/schema';
import { insertOrder, loggedOrder } from '../support/orders';
import { numberedTickets } from '../support/rows';
import {
  expectNoAxeViolations,
  PHONE,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';

// The Overview's "Waiting for you" per role, on a desktop and a phone: a designer sees their
// own work and the tickets they may claim, an executive the studio's; each count is a link to
// the list filtered to those rows.

const DORA = { discordId: '100000000000000302', username: 'designer_dora' };
const EVE = { discordId: '100000000000000309', username: 'exec_eve' };

async function seed(db: Executor) {
  const at = new Date(Date.now() - 2 * 86_400_000).toISOString();
  await insertOrder(db, loggedOrder('wait-1', DORA.discordId, at, { price: 1000 }));
  await insertOrder(db, loggedOrder('wait-2', '100000000000000303', at, { price: 100 }));
  await insertOrder(db, { id: 'wait-3', designerDiscordId: DORA.discordId });
  const ticket = {
    source: 'discord' as const,
    serviceKey: 'liveries',
    serviceLabel: 'Liveries',
    request: 'A livery',
    budgetRobux: 500,
    deadline: 'Friday',
    robloxUsername: 'customer_carl',
  };
  // The customer wrote last in 9001 (unclaimed), 9004 (Dora's) and 9005 (another designer's):
  // two wait for Dora, three for the studio; staff answered 9002.
  const wrote = (by: 'customer' | 'staff') => ({ lastMessageBy: by, lastMessageAt: new Date() });
  await db.insert(tickets).values(
    numberedTickets([
      { ...ticket, status: 'open', customerDiscordId: '100000000000000350', ...wrote('customer') },
      { ...ticket, status: 'open', customerDiscordId: '100000000000000351', ...wrote('staff') },
      { ...ticket, status: 'open', customerDiscordId: '100000000000000352' },
      {
        ...ticket,
        status: 'claimed',
        customerDiscordId: '100000000000000353',
        claimantDiscordId: DORA.discordId,
        ...wrote('customer'),
      },
      {
        ...ticket,
        status: 'claimed',
        customerDiscordId: '100000000000000354',
        claimantDiscordId: '100000000000000303',
        ...wrote('customer'),
      },
    ]),
  );
  await db
    .insert(contactMessages)
    .values({ name: 'Visitor', email: 'v@example.com', subject: 'Hello', message: 'Hi' });
}

describe('what waits for you on the Overview, in Chromium', () => {
  const site = useBrowserSite({}, { prepare: seed });

  async function openOverview(roles: StaffRole[], who: typeof DORA, options: object) {
    const page = await site.browser.newPage(options);
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, roles, who);
    await page.goto(`${site.url}/dashboard`);
    await waitForPage(page);
    const panel = page.getByRole('region', { name: 'Waiting for you' });
    await panel.getByRole('listitem').first().waitFor();
    await waitForData(page);
    return { page, errors, panel };
  }

  for (const [device, options] of [
    ['desktop', { viewport: { width: 1280, height: 900 } }],
    ['phone', PHONE],
  ] as const) {
    it(`shows a designer their own work, each count a link (${device})`, async () => {
      const { page, errors, panel } = await openOverview(['designer'], DORA, options);
      const items = await panel.getByRole('link').allInnerTexts();
      expect(items.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
        'Unclaimed tickets 3 Waiting for a designer to claim them.',
        'Waiting for a reply 2 Yours or unclaimed, where the customer wrote last.',
        'Your open tickets 1 Claimed by you and not closed yet.',
        'Owed to you 900 R$ For 1 logged order not paid out yet.',
      ]);
      // Nothing of the studio's: no applications, payments or messages.
      expect(await panel.getByText('Payments to verify').count()).toBe(0);
      await expectNoAxeViolations(page);
      await panel.getByRole('link', { name: /Unclaimed tickets/ }).click();
      await page.waitForURL(/\/dashboard\/tickets\?status=open$/);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`links a designer to the tickets waiting for their reply (${device})`, async () => {
      const { page, errors, panel } = await openOverview(['designer'], DORA, options);
      await panel.getByRole('link', { name: /^Waiting for a reply/ }).click();
      await page.waitForURL(
        /\/dashboard\/tickets\?status=open,claimed,awaiting_customer&reply=customer$/,
      );
      await waitForPage(page);
      // Exactly the two it counted: the unclaimed one and Dora's, not another designer's.
      const shown = () =>
        page
          .locator('main')
          .getByRole('link', { name: /^ticket-\d{4}$/ })
          .allInnerTexts();
      await expect.poll(shown, { timeout: 30_000 }).toEqual(['ticket-9004', 'ticket-9001']);
      await page
        .getByRole('button', { name: /Reply: Waiting for staff/ })
        .first()
        .waitFor();
      if (device === 'desktop') {
        const table = page.getByRole('table', { name: 'Tickets' });
        await table.getByRole('columnheader', { name: /Last activity/ }).waitFor();
      }
      await waitForData(page);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`shows an executive the studio’s (${device})`, async () => {
      const { page, errors, panel } = await openOverview(['executive'], EVE, options);
      const link = (name: string) => panel.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link('Payments to verify').getAttribute('href')).resolves.toBe(
        '/dashboard/orders?status=awaiting_payment',
      );
      await expect(link('Messages to answer').textContent()).resolves.toContain('1');
      // The studio's: every designer's tickets whose customer wrote last.
      await expect(link('Waiting for a reply').textContent()).resolves.toMatch(
        /^Waiting for a reply\s*3\s*Live tickets where the customer wrote last\.$/,
      );
      await expect(link('Payouts owed').textContent()).resolves.toContain(
        '990 R$ to 2 designers for 2 logged orders.',
      );
      await expect(link('Applications to decide').getAttribute('href')).resolves.toBe(
        '/dashboard/applications?status=pending',
      );
      await expectNoAxeViolations(page);
      await link('Messages to answer').click();
      await page.waitForURL(/\/dashboard\/messages\?status=open$/);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
