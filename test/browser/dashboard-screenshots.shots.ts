import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../core/auth';
import type { Executor } from '../../db/client';
import { createPeopleRepository } from '../../db/repositories/people';
import { contactMessages, orderPayments, reviews, tickets } from '../../db/schema';
import { insertOrder, loggedOrder } from '../support/orders';
import { numberedTickets } from '../support/rows';
import { aDesigner, aModerator } from '../support/uploads';
import { PHONE, requestJson, useBrowserSite, waitForData, waitForPage } from './support';

// Screenshots of the Home content editor, the Overview and every list (Applications, Orders,
// Tickets, Payouts, Reviews, Messages, Payments) at 1280 and 360 px, for a change's closing
// note (issue 32), each checked for what a screenshot shows first: the page fits its width.
// Not part of `npm test` (the widths are checked there by dashboard-phone and
// dashboard-every-list; taking the pictures was a minute of the suite):
// `LUNAR_SCREENSHOTS=<label> npm run screenshots` takes them as the committed set, JPEGs
// (quality 55, so a whole set stays small in git) in docs/dashboard-screenshots/<label>/, see
// its README.md.

const LABEL = process.env.LUNAR_SCREENSHOTS;
if (!LABEL) throw new Error('LUNAR_SCREENSHOTS=<label> names the set (npm run screenshots)');
const SHOTS = `docs/dashboard-screenshots/${LABEL}`;
const shotFile = (name: string, width: number) => ({
  path: `${SHOTS}/${name}-${width}.jpg`,
  type: 'jpeg' as const,
  quality: 55,
});
const DESIGNER = { discordId: '100000000000000002', username: 'designer_dora' };
const EXECUTIVE = { discordId: '100000000000000009', username: 'exec_eve' };

async function seed(db: Executor) {
  const at = new Date(Date.now() - 2 * 86_400_000).toISOString();
  await insertOrder(db, loggedOrder('shot-1', DESIGNER.discordId, at, { price: 1000 }));
  await insertOrder(db, { id: 'shot-2', designerDiscordId: DESIGNER.discordId });
  const ticket = {
    source: 'discord' as const,
    serviceKey: 'liveries',
    serviceLabel: 'Liveries',
    request: 'A livery',
    budgetRobux: 500,
    deadline: 'Friday',
    robloxUsername: 'customer_carl',
  };
  await db.insert(tickets).values(
    numberedTickets([
      { ...ticket, status: 'open', customerDiscordId: '100000000000000050' },
      { ...ticket, status: 'open', customerDiscordId: '100000000000000051' },
      {
        ...ticket,
        status: 'claimed',
        customerDiscordId: '100000000000000052',
        claimantDiscordId: DESIGNER.discordId,
      },
    ]),
  );
  await db
    .insert(contactMessages)
    .values({ name: 'Visitor', email: 'v@example.com', subject: 'Hello', message: 'Hi' });
  // The lists' own rows: orders in every state, a review, messages, a payment awaiting.
  const STATUSES = ['paid', 'in_qc', 'qc_changes_requested', 'delivered', 'reviewed'] as const;
  for (const [i, status] of STATUSES.entries()) {
    const id = `ticket-${String(11 + i).padStart(4, '0')}`;
    const logged = loggedOrder(id, DESIGNER.discordId, at, { price: 700 + i * 450 });
    await insertOrder(db, {
      ...logged,
      status,
      customerRobloxUsername: `LongRobloxName_${i}`,
      customerDiscordId: `10000000000000006${i}`,
    });
  }
  await db.insert(reviews).values({
    orderId: 'ticket-0015',
    rating: 5,
    comment: 'Stellar logo, delivered a day early and exactly what our group needed.',
    publish: true,
    customerDiscordId: '100000000000000064',
    createdAt: new Date(at),
  });
  await db.insert(contactMessages).values({
    name: 'Alice Example',
    email: 'alice@example.com',
    subject: 'Logo price for a large group',
    message: 'How much would a logo and three banners cost? We have a deadline next month.',
  });
  await insertOrder(db, {
    id: 'ticket-0020',
    designerDiscordId: DESIGNER.discordId,
    customerRobloxUsername: 'Cara_R',
    priceRobux: 700,
  });
  await db.insert(orderPayments).values({
    orderId: 'ticket-0020',
    passPrice: 1000,
    gamePassId: '8123',
    lastCheckResult: 'private_inventory',
    lastCheckAt: new Date(),
    escalatedAt: new Date(),
    escalationReason: 'Cara_R’s inventory is private, so the bot cannot see the purchase.',
  });
  await createPeopleRepository(db).remember([
    { discordId: DESIGNER.discordId, username: 'designer_dora', globalName: 'Dora', avatar: null },
    { discordId: '100000000000000060', username: 'carl', globalName: 'Carl C.', avatar: null },
  ]);
}

/**
 * Waits until the Overview's charts have drawn: their bars are a chunk of their own that
 * follows the figures (web/src/dashboard/overview/weekly-chart.tsx, no placeholder), so
 * waitForData passes before them and a shot would show empty boxes.
 */
async function waitForCharts(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('section > div[aria-hidden="true"]')].every((holder) =>
      holder.querySelector('svg.recharts-surface'),
    ),
  );
}

describe('screenshots of the content editor, the overview and every list', () => {
  const site = useBrowserSite({}, { prepare: seed });
  const shots: [string, string, StaffRole[], typeof DESIGNER][] = [
    ['overview-executive', '/dashboard', ['executive'], EXECUTIVE],
    ['overview-designer', '/dashboard', ['designer'], DESIGNER],
    ['content-home', '/dashboard/content/home', ['executive'], EXECUTIVE],
    ['applications', '/dashboard/applications', ['executive'], EXECUTIVE],
    ['orders', '/dashboard/orders', ['executive'], EXECUTIVE],
    ['tickets', '/dashboard/tickets', ['executive'], EXECUTIVE],
    ['payouts', '/dashboard/payouts', ['executive'], EXECUTIVE],
    ['reviews', '/dashboard/reviews', ['executive'], EXECUTIVE],
    ['messages', '/dashboard/messages', ['executive'], EXECUTIVE],
    ['payments', '/dashboard/payments', ['executive'], EXECUTIVE],
  ];

  // Twenty pages took 45 s on an idle machine: the browser files' 60 s left too little room.
  it('takes them at 1280 and 360 px, each page within its width', {
    timeout: 180_000,
  }, async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const body of [
      aModerator({ robloxUsername: 'LighthouseKeeper', discordUsername: 'keeper_disc' }),
      aDesigner({ robloxUsername: 'LateArrival', discordUsername: 'late_disc' }),
    ]) {
      await requestJson(site, 'POST', '/api/applications', { body });
    }
    for (const [name, path, roles, who] of shots) {
      for (const [width, options] of [
        [1280, { viewport: { width: 1280, height: 900 } }],
        [360, PHONE],
      ] as const) {
        const page = await site.browser.newPage(options);
        await site.signInAsStaff(page, roles, who);
        await page.goto(site.url + path);
        await waitForPage(page);
        await waitForData(page);
        await waitForCharts(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
        await page.screenshot({ ...shotFile(name, width), fullPage: true });
        await page.close();
      }
    }
  });
});
