import { describe, expect, it } from 'vitest';
import { BLOG_HEADING } from '../../core/blog/seed-post';
import { useBrowserSite } from './support';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe('page changes, footer and scroll area', () => {
  const site = useBrowserSite();

  it('moves focus to the new page heading after client-side navigation only', async () => {
    const { page, errors } = await site.open('/', DESKTOP);
    // The first load keeps the browser's own focus.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(
      await page.evaluate(() => ({
        text: document.activeElement?.textContent,
        inMain: !!document.activeElement?.closest('#content main'),
        title: document.title,
      })),
    ).toEqual({ text: 'Contact Us', inMain: true, title: 'Contact Us — Lunar' });

    await nav.getByRole('link', { name: 'Blog' }).click();
    await page.waitForFunction(
      (heading) => document.activeElement?.textContent === heading,
      BLOG_HEADING,
    );
    expect(await page.title()).toBe('Lunar Blog — Lunar');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the footer on screen while the cookie banner code loads', async () => {
    const page = await site.browser.newPage(DESKTOP);
    // Records, from the first parsed byte on, whether the footer ever left the screen.
    await page.addInitScript(() => {
      const log = { shown: false, hidden: 0 };
      Object.assign(window, { footerLog: log });
      new MutationObserver(() => {
        const footer = document.querySelector('footer');
        if (footer?.checkVisibility()) log.shown = true;
        else if (log.shown) log.hidden += 1;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const footerLog = () =>
      page.evaluate(() => (window as unknown as { footerLog: object }).footerLog);
    let releaseBanner = () => {};
    const bannerHeld = new Promise<void>((resolve) => {
      releaseBanner = resolve;
    });
    await page.route('**/assets/cookie-banner-*.js', async (route) => {
      await bannerHeld;
      await route.continue();
    });
    // Listen before navigating: the chunk may be requested before goto resolves.
    const bannerRequested = page.waitForRequest('**/assets/cookie-banner-*.js');
    // No waitForPage here: it waits for the network to go quiet, and the banner chunk is held.
    await page.goto(`${site.url}/`);
    const footer = page.locator('footer');
    // Wait until the app asked for the banner chunk, i.e. the consent check has run.
    await bannerRequested;
    expect(await footer.isVisible()).toBe(true);
    releaseBanner();
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
    expect(await footer.isVisible()).toBe(true);
    expect(await footerLog()).toEqual({ shown: true, hidden: 0 });
    await page.close();
  });

  it('shows a thin scrollbar on the staff documentation while scrolling, hidden 600 ms after', async () => {
    const { page } = await site.open('/staff/staff-procedure', {
      viewport: { width: 1280, height: 500 },
    });
    const region = page.getByRole('region', { name: 'Staff documentation sections' });
    expect(await region.getAttribute('tabindex')).toBe('0');
    expect(await region.evaluate((el) => getComputedStyle(el).scrollbarWidth)).toBe('thin');
    expect(await region.getAttribute('data-scrolling')).toBeNull();

    // Timed inside the page: the last scroll event and the moment the scrollbar hides.
    await region.evaluate((el) => {
      const log = { lastScroll: 0, hiddenAt: 0 };
      Object.assign(window, { scrollLog: log });
      el.addEventListener('scroll', () => {
        log.lastScroll = performance.now();
      });
      new MutationObserver(() => {
        if (!el.hasAttribute('data-scrolling')) log.hiddenAt = performance.now();
      }).observe(el, { attributes: true, attributeFilter: ['data-scrolling'] });
    });

    // Keyboard scrolling still works on the focused region.
    await region.focus();
    await page.keyboard.press('End');
    await page.waitForFunction(
      () =>
        (document.activeElement?.scrollTop ?? 0) > 0 &&
        document.activeElement?.hasAttribute('data-scrolling'),
    );
    await page.waitForFunction(() => !document.activeElement?.hasAttribute('data-scrolling'));
    const log = await page.evaluate(
      () =>
        (window as unknown as { scrollLog: { lastScroll: number; hiddenAt: number } }).scrollLog,
    );
    expect(log.hiddenAt - log.lastScroll).toBeGreaterThanOrEqual(590);
    await page.close();
  });
});
