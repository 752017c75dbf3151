import { mkdirSync } from 'node:fs';
import { describe, it } from 'vitest';
import type { StaffRole } from '../../core/auth';
import type { Executor } from '../../db/client';
import { contactMessages, tickets } from '../../db/schema';
import { insertOrder, loggedOrder } from '../support/orders';
import { numberedTickets } from '../support/rows';
import { PHONE, useBrowserSite, waitForData, waitForPage } from './support';

// Screenshots of the Home content editor and the Overview at 1280 and 360 px for a change's
// closing note (issue 32): not a check, run by hand with LUNAR_SCREENSHOTS=<label>, e.g.
// `LUNAR_SCREENSHOTS=after npx vitest run test/browser/dashboard-screenshots.test.ts`.

const LABEL = process.env.LUNAR_SCREENSHOTS;
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
}

describe.skipIf(!LABEL)('screenshots of the content editor and the overview', () => {
  const site = useBrowserSite({}, { prepare: seed });
  const shots: [string, string, StaffRole[], typeof DESIGNER][] = [
    ['overview-executive', '/dashboard', ['executive'], EXECUTIVE],
    ['overview-designer', '/dashboard', ['designer'], DESIGNER],
    ['content-home', '/dashboard/content/home', ['executive'], EXECUTIVE],
  ];

  it('takes them at 1280 and 360 px', async () => {
    mkdirSync('test-output', { recursive: true });
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
        await page.screenshot({
          path: `test-output/${LABEL}-${name}-${width}.png`,
          fullPage: true,
        });
        await page.close();
      }
    }
  });
});
