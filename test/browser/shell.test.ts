import { describe, expect, it } from 'vitest';
import { useBrowserSite, waitForPage, watchPageErrors } from './support';

describe('the web shell in Chromium', () => {
  const site = useBrowserSite();

  it('shows the prerendered home page and hydrates without errors', async () => {
    const { page, errors, response } = await site.open('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("never ends the hero's headline or tagline on a single word", async () => {
    for (const width of [1440, 360]) {
      const { page } = await site.open('/', { viewport: { width, height: 900 } });
      // Words per rendered line, read from the text's layout.
      const lastLineWords = await page
        .locator('main section')
        .first()
        .evaluate((hero) =>
          [hero.querySelector('h1'), hero.querySelector('h1 + p')].map((element) => {
            const text = element?.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) return -1;
            const tops: number[] = [];
            const range = document.createRange();
            for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
              range.setStart(text, match.index);
              range.setEnd(text, match.index + match[0].length);
              tops.push(Math.round(range.getBoundingClientRect().top));
            }
            const last = Math.max(...tops);
            return tops.filter((top) => top === last).length;
          }),
        );
      expect({ width, lastLineWords: lastLineWords.map((n) => n > 1) }).toEqual({
        width,
        lastLineWords: [true, true],
      });
      await page.close();
    }
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

  it('lists Blog, Contact, both application forms and the Discord invite in the footer', async () => {
    const { page } = await site.open('/terms');
    const footer = page.locator('footer');
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        ['Blog', '/blog'],
        ['Contact', '/contact'],
        ['Apply as Moderator', '/apply/moderator'],
        ['Apply as Designer', '/apply/designer'],
        ['Join our Discord (opens in a new tab)', expect.stringMatching(/^https:\/\/discord\./)],
      ]),
    );
    await footer.getByRole('link', { name: 'Apply as Moderator' }).click();
    await page.getByRole('heading', { level: 1, name: 'Join Our Moderation Team' }).waitFor();
    await page.close();
  });

  it("shows the year in the prerendered copyright, and the visitor's own after hydration without a mismatch", async () => {
    const serverYear = new Date().getUTCFullYear();
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).toContain(`© ${serverYear} Lunar. All rights reserved.`);

    // A visitor whose clock says 2031: the HTML says the server's year, React hydrates that
    // same text, then the footer shows 2031.
    const page = await site.browser.newPage();
    await page.clock.setFixedTime(new Date('2031-06-15T12:00:00Z'));
    // The prerendered line, kept before any script runs: hydration must adopt it, not replace it.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const lines = [...document.querySelectorAll('footer p')];
        Object.assign(window, { prerendered: lines.find((p) => p.textContent?.startsWith('©')) });
      });
    });
    const errors = watchPageErrors(page);
    await page.goto(site.url);
    await waitForPage(page);
    const copyright = page.locator('footer').getByText(/^© \d{4} Lunar\. All rights reserved\.$/);
    await expect.poll(() => copyright.textContent()).toBe('© 2031 Lunar. All rights reserved.');
    const prerendered = await page.evaluate(() => {
      const line = (window as unknown as { prerendered?: Element }).prerendered;
      return { hydratedInPlace: line?.isConnected, text: line?.textContent };
    });
    expect(prerendered).toEqual({
      hydratedInPlace: true,
      text: '© 2031 Lunar. All rights reserved.',
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});
