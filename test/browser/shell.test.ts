import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite, type TestSite, watchPageErrors } from './support';

describe('the web shell in Chromium', () => {
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

  it('shows the prerendered home page and hydrates without errors', async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    const response = await page.goto(site.url);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the 404 page with status 404 for an unknown route', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${site.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(
      true,
    );
    await page.close();
  });
});
