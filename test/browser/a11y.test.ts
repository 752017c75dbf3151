import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runAxe, startSite, type TestSite, watchPageErrors } from './support';

const PAGES = ['/', '/terms', '/privacy', '/staff/ticket-procedure', '/staff/staff-procedure'];

describe('axe-core finds no violations (desktop and 360 px)', () => {
  let site: TestSite;
  let browser: Browser;
  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it.each(PAGES)('%s', async (path) => {
    for (const width of [1280, 360]) {
      // bypassCSP: axe is injected as an inline script, which the site's CSP rightly blocks.
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(site.url + path);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('main').count()).toBe(1);
      expect(await runAxe(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the member modal is clean too', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${site.url}/#team`);
    await page.waitForLoadState('networkidle');
    await page.locator('[data-member]').first().click();
    await page.getByRole('dialog').waitFor();
    expect(await runAxe(page)).toEqual([]);
    await context.close();
  });
});
