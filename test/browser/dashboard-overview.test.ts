import { describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { insertOrder, insertOrderEvent, loggedOrder } from '../support/orders';
import {
  expectNoAxeViolations,
  PHONE,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';

// An executive opens the Overview on a tablet: the weekly charts draw, and their text
// alternatives (summary and hidden table) carry the seeded figures. Seeded two days back, so
// both orders fall in one of the twelve weeks shown whatever the day the test runs.

const TABLET = { viewport: { width: 768, height: 1024 } };

describe('the dashboard’s overview in Chromium', () => {
  const site = useBrowserSite(
    {},
    {
      async prepare(db) {
        const at = new Date(Date.now() - 2 * 86_400_000).toISOString();
        await insertOrder(db, loggedOrder('ov-1', '100000000000000002', at, { price: 1000 }));
        await insertOrderEvent(db, 'ov-1', 'qc_approved', new Date(at), { attempt: 1 });
        await insertOrder(
          db,
          loggedOrder('ov-2', '100000000000000003', at, { price: 1000, qcPassed: false }),
        );
        await insertOrderEvent(db, 'ov-2', 'qc_changes_requested', new Date(at), {
          attempt: 1,
          reason: 'Sharper edges',
        });
        for (const [orderId, rating] of [
          ['ov-1', 5],
          ['ov-2', 4],
        ] as const) {
          await db
            .insert(reviews)
            .values({ orderId, customerDiscordId: '100000000000000050', rating });
        }
      },
    },
  );

  it('shows Robux, payouts, QC pass rate and ratings as charts with text alternatives', async () => {
    const page = await site.browser.newPage(TABLET);
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive']);
    await page.goto(`${site.url}/dashboard`);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    const money = page.getByRole('table', {
      name: 'Robux volume and designer payouts per week: 2,000 R$ volume, 1,700 R$ to designers in the last 12 weeks',
    });
    await money.waitFor({ state: 'attached' });
    await expect(money.getByRole('cell', { name: '2,000' }).count()).resolves.toBe(1);
    await expect(money.getByRole('cell', { name: '1,700' }).count()).resolves.toBe(1);
    await page
      .getByRole('table', { name: 'QC pass rate per week: 50% passed the first time (1 of 2)' })
      .waitFor({ state: 'attached' });
    await page
      .getByRole('table', { name: 'Reviews per week: Average rating 4.50 / 5 from 2 reviews' })
      .waitFor({ state: 'attached' });

    // The bars themselves (a lazy chunk), drawn within the tablet's width.
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    // Measured and checked whole: the go-live checklist (its own answer) and every part in.
    await page.getByRole('region', { name: 'Go-live checklist' }).waitFor();
    await waitForData(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows executives the go-live checklist, ticking items as they are done', async () => {
    for (const options of [TABLET, PHONE]) {
      const page = await site.browser.newPage(options);
      const errors = watchPageErrors(page);
      await site.signInAsStaff(page, ['executive']);
      await page.goto(`${site.url}/dashboard`);
      await waitForPage(page);
      const checklist = page.getByRole('region', { name: 'Go-live checklist' });
      await checklist.waitFor();
      // The demo site's made-up team and portfolios do not count; no Discord, nothing reviewed.
      await checklist.getByText('To do: Team on the home page').waitFor();
      await checklist.getByText('To do: At least one portfolio').waitFor();
      await checklist.getByText('To do: Discord connected').waitFor();
      await checklist.getByText('README → Connecting Discord').first().waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await page.close();
    }

    const page = await site.browser.newPage(TABLET);
    await site.signInAsStaff(page, ['executive']);
    await page.goto(`${site.url}/dashboard`);
    await waitForPage(page);
    const checklist = page.getByRole('region', { name: 'Go-live checklist' });
    // Backups: only a person can say so; the dialog says what they confirm.
    await checklist.getByRole('button', { name: 'Backups are set up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm that backups run?' });
    await dialog.getByRole('button', { name: 'Confirm backups' }).click();
    await dialog.waitFor({ state: 'detached' });
    await checklist.getByText(/Confirmed by browser-staff on /).waitFor();
    await checklist.getByText('Done: Backups').waitFor();

    // Each item links to where it is done: the settings, scrolled into view.
    await checklist.getByRole('link', { name: /Site content → Settings \(Support e-mail/ }).click();
    await page.waitForURL(/\/dashboard\/content\/settings#settings$/);
    await page.getByRole('textbox', { name: 'Support e-mail' }).waitFor();
    await page.close();
  });

  it('does not show the checklist to a lead', async () => {
    const page = await site.browser.newPage(TABLET);
    await site.signInAsStaff(page, ['lead']);
    await page.goto(`${site.url}/dashboard`);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByText('Applications by status').waitFor();
    // The checklist fetches its own answer and shows nothing meanwhile: only once nothing is
    // left to load does its absence say anything.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Go-live checklist' }).count()).resolves.toBe(0);
    await page.close();
  });
});
