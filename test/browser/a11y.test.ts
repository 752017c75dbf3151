import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserSite } from './support';

const PAGES = ['/', '/terms', '/privacy', '/staff/ticket-procedure', '/staff/staff-procedure'];

describe('axe-core finds no violations (desktop and 360 px)', () => {
  const site = useBrowserSite();

  it.each(PAGES)('%s', async (path) => {
    for (const width of [1280, 360]) {
      // bypassCSP: axe is injected as an inline script, which the site's CSP rightly blocks.
      const { page, errors } = await site.open(path, {
        viewport: { width, height: 800 },
        bypassCSP: true,
      });
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('main').count()).toBe(1);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await page.close(); // a page from browser.newPage owns its context: this closes both
    }
  });

  it('the member modal is clean too', async () => {
    const { page } = await site.open('/#team', { bypassCSP: true });
    await page.locator('[data-member]').first().click();
    await page.getByRole('dialog').waitFor();
    await expectNoAxeViolations(page);
    await page.close();
  });
});
