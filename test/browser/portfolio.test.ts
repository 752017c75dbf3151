import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, fetchPage, useBrowserSite, waitForPage } from './support';

describe('portfolio page in Chromium', () => {
  const site = useBrowserSite();

  it('prerenders the default profile, exposes skills as meters, has no axe violations', async () => {
    const { html } = await fetchPage(site, '/team/portfolios/novadev');
    expect(html).toContain('About Me');
    expect(html).toContain('Lead Bot Developer');
    const { page, errors } = await site.open('/team/portfolios/novadev');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nova');
    expect(await page.getByRole('note').count()).toBe(0);
    const meter = page.getByRole('meter', { name: 'TypeScript' });
    expect(await meter.evaluate((el: HTMLMeterElement) => [el.value, el.min, el.max])).toEqual([
      95, 0, 100,
    ]);
    expect(await page.getByRole('meter').count()).toBe(6);
    expect(await page.getByRole('link', { name: /GitHub/ }).getAttribute('rel')).toContain(
      'noopener',
    );
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: 'Contact', exact: true })
        .getAttribute('href'),
    ).toBe('/contact');
    expect(await page.getByText('99.9%').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('falls back to the default profile for an unknown username, with a note', async () => {
    const page = await site.browser.newPage();
    const response = await page.goto(`${site.url}/team/portfolios/nobody-here`);
    await waitForPage(page);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nova');
    expect(await page.getByRole('note').textContent()).toContain('nobody-here');
    await page.close();
  });

  it('shows another profile by its username', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/team/portfolios/ashgfx`);
    await waitForPage(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ash');
    await page.close();
  });
});
