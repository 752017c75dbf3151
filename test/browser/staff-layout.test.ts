import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSite, waitForPage } from './support';

const STAFF_CHUNK = /\/assets\/(staff-layout|ticket-procedure|staff-procedure)-[^/]+\.js$/;

describe('the staff layout in Chromium', () => {
  const site = useBrowserSite();

  it('frames staff pages with the staff navigation, without the public footer or banner', async () => {
    const { page, errors } = await site.open('/staff/ticket-procedure');
    const nav = page.getByRole('navigation', { name: 'Staff' });
    await expect(
      nav.getByRole('link', { name: 'Ticket Procedure' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await expect(page.locator('footer').count()).resolves.toBe(0);
    // A first visit: the public pages would show the cookie notice by now (it is decided after
    // mount and loaded as a chunk of its own: once nothing more is coming).
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Cookie notice' }).count()).resolves.toBe(0);

    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await nav.getByRole('link', { name: 'Staff Documentation' }).click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.title()).toBe('Staff Documentation — Lunar Staff');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await nav.getByRole('link', { name: /Lunar/ }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.locator('footer').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the staff code out of the public pages’ loads', async () => {
    const page = await site.browser.newPage();
    const requested: string[] = [];
    page.on('request', (request: Request) => {
      requested.push(new URL(request.url()).pathname);
    });
    for (const path of ['/', '/blog', '/contact']) {
      await page.goto(site.url + path);
      await waitForPage(page);
      // Everything the page loads, what it fetches after hydration too.
      await page.waitForLoadState('networkidle');
    }
    expect(requested.filter((path) => STAFF_CHUNK.test(path))).toEqual([]);
    expect(requested.some((path) => path.startsWith('/assets/home-'))).toBe(true);

    await site.signInAsStaff(page); // the staff pages need a staff session
    await page.goto(`${site.url}/staff/staff-procedure`);
    await waitForPage(page);
    expect(requested.filter((path) => STAFF_CHUNK.test(path)).length).toBeGreaterThan(0);
    await page.close();
  });
});
