import { describe, expect, it } from 'vitest';
import { useBrowserSite, waitForPage } from './support';

describe('the web shell in Chromium', () => {
  const site = useBrowserSite();

  it('shows the prerendered home page and hydrates without errors', async () => {
    const { page, errors, response } = await site.open('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the 404 page with status 404 for an unknown route', async () => {
    const page = await site.browser.newPage();
    const response = await page.goto(`${site.url}/no/such/page`);
    await waitForPage(page);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(
      true,
    );
    await page.close();
  });
});
