import { describe, expect, it } from 'vitest';
import { TERMS_SECTIONS } from '../../core/site/legal-terms';
import { useBrowserSite, waitForPage } from './support';

describe('legal pages: accordion', () => {
  const site = useBrowserSite();

  it('keeps at most one section open; clicking the open one closes it; arrows move between headers', async () => {
    const { page, errors } = await site.open('/terms');
    const headers = page.locator('[data-accordion-header]');
    expect(await headers.allTextContents()).toEqual(TERMS_SECTIONS.map((s) => s.title));
    const expanded = () =>
      headers.evaluateAll((els) => els.map((el) => el.getAttribute('aria-expanded')));
    expect(await expanded()).toEqual(TERMS_SECTIONS.map(() => 'false'));

    await headers.nth(0).click();
    const panel = page.getByRole('region', { name: TERMS_SECTIONS[0]?.title });
    await expect(panel.isVisible()).resolves.toBe(true);
    expect(await panel.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('800px');
    await headers.nth(1).click();
    expect(await expanded()).toEqual(['false', 'true', 'false', 'false', 'false']);
    await expect(panel.isVisible()).resolves.toBe(false);
    await headers.nth(1).click();
    expect(await expanded()).toEqual(TERMS_SECTIONS.map(() => 'false'));

    await headers.nth(0).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await expanded()).toEqual(['false', 'true', 'false', 'false', 'false']);
    await page.keyboard.press('End');
    await page.keyboard.press(' ');
    expect(await expanded()).toEqual(['false', 'false', 'false', 'false', 'true']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the date, the change note and the support e-mail on /terms and /privacy', async () => {
    const page = await site.browser.newPage();
    for (const path of ['/terms', '/privacy']) {
      await page.goto(site.url + path);
      await waitForPage(page);
      await expect(page.getByText('Last updated: March 19, 2024').isVisible()).resolves.toBe(true);
      const mail = page.locator('main a[href^="mailto:"]');
      expect(await mail.count()).toBeGreaterThan(0);
      expect(await page.locator('h1').count()).toBe(1);
    }
    await page.goto(`${site.url}/terms`);
    await waitForPage(page);
    await expect(page.getByText(/without notice/).isVisible()).resolves.toBe(true);
    await page.close();
  });
});
