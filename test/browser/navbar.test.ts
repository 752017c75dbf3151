import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserSite, waitForPage } from './support';

const DAY_S = 86_400;

describe('navbar, mobile menu, services dropdown and cookie banner', () => {
  const site = useBrowserSite();

  it('turns opaque once the page is scrolled more than 20 px', async () => {
    const { page, errors } = await site.open('/', { reducedMotion: 'reduce' });
    const header = page.locator('header').first();
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo(0, top), y);
    const scrolled = () => header.getAttribute('data-scrolled');
    // Each step flips the header, so each answer is one the page has given after that scroll.
    await scrollTo(200);
    await expect.poll(scrolled).toBe('true');
    await expect.poll(background).toBe('rgb(11, 10, 18)');
    await scrollTo(10);
    await expect.poll(scrolled).toBe('false');
    await scrollTo(21);
    await expect.poll(scrolled).toBe('true');
    await scrollTo(20);
    await expect.poll(scrolled).toBe('false');
    await expect.poll(background).toBe('rgba(0, 0, 0, 0)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the mobile menu at 360 px, closes it on Escape and on navigation', async () => {
    const { page } = await site.open('/', { viewport: { width: 360, height: 740 } });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await expect(menu.isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(menu.isVisible()).resolves.toBe(true);
    const closeToggle = page.getByRole('button', { name: 'Close menu' });
    expect(await closeToggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect(menu.isVisible()).resolves.toBe(false);
    // Focus goes back to the toggle, so a keyboard user can reopen it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(
      'mobile-menu',
    );
    await page.keyboard.press('Enter');
    await expect(menu.isVisible()).resolves.toBe(true);
    await menu.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(/\/blog$/);
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.close();
  });

  it('operates the Services dropdown by keyboard and links to the service cards', async () => {
    const { page } = await site.open('/', { viewport: { width: 1280, height: 800 } });
    const services = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Services' });
    await services.focus();
    await page.keyboard.press('Enter');
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Liveries' });
    expect(await link.getAttribute('href')).toBe('/#liveries');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Discord Server Setup',
    );
    // Arrow keys move within (wrapping), Home and End jump; Escape closes and returns focus.
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All services');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Custom Discord Bots',
    );
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('All services');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Custom Discord Bots',
    );
    await page.keyboard.press('Escape');
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Services');
    await services.press('Enter');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#liveries$/);
    await expect(page.locator('#liveries').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("opens Join Lunar and We're Hiring's 'Join our Discord' in a new tab, safely", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(site.url);
    await waitForPage(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: "We're Hiring" }).click();
    for (const name of [/^Join Lunar/, /^Join our Discord/]) {
      const link = nav.getByRole('link', { name });
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/discord\./);
    }
    await page.close();
  });

  it("We're Hiring offers both forms by keyboard: Space opens, Tab and arrows move, Escape returns", async () => {
    const { page, errors } = await site.open('/', {
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const hiring = nav.getByRole('button', { name: "We're Hiring" });
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await hiring.focus();
    await page.keyboard.press('Space');
    expect(await hiring.getAttribute('aria-expanded')).toBe('true');
    await expect(nav.getByRole('link', { name: 'Apply as Moderator' }).isVisible()).resolves.toBe(
      true,
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Apply as Moderator');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Apply as Designer');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Join our Discord (opens in a new tab)');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Apply as Moderator');
    await page.keyboard.press('Escape');
    expect(await hiring.getAttribute('aria-expanded')).toBe('false');
    expect(await focused()).toBe("We're Hiring");
    // Arrow Down on the closed button opens it at the first form.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Apply as Designer');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/apply\/designer$/);
    await page.getByRole('heading', { level: 1, name: 'Join Our Design Team' }).waitFor();
    expect(await hiring.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Services by mouse: hover opens, the click that follows keeps it open, a click outside closes', async () => {
    const { page } = await site.open('/', { viewport: { width: 1280, height: 800 } });
    const services = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Services' });
    const liveries = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Liveries' });
    await services.hover();
    await liveries.waitFor({ state: 'visible' });
    // Leaving without a click closes what the hover opened.
    await page.mouse.move(640, 500);
    await liveries.waitFor({ state: 'hidden' });
    await services.hover();
    await liveries.waitFor({ state: 'visible' });
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.move(640, 500);
    expect(await liveries.isVisible()).toBe(true);
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    await services.click();
    await liveries.waitFor({ state: 'visible' });
    await page.mouse.click(40, 400);
    await liveries.waitFor({ state: 'hidden' });
    await services.hover();
    await liveries.click();
    await page.waitForURL(/#liveries$/);
    await liveries.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('Services by touch (tablet, full navbar): a tap opens, a tap outside closes, a tap on it toggles', async () => {
    const { page } = await site.open('/', {
      viewport: { width: 1280, height: 800 },
      isMobile: true,
      hasTouch: true,
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const services = nav.getByRole('button', { name: 'Services' });
    const liveries = nav.getByRole('link', { name: 'Liveries' });
    await services.tap();
    await liveries.waitFor({ state: 'visible' });
    await page.touchscreen.tap(40, 400);
    await liveries.waitFor({ state: 'hidden' });
    await services.tap();
    await liveries.waitFor({ state: 'visible' });
    await services.tap();
    await liveries.waitFor({ state: 'hidden' });
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('keeps the cookie banner hidden across reloads once accepted (365 days, path /)', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url);
    await waitForPage(page);
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner.count()).resolves.toBe(0);
    const [cookie] = await context.cookies();
    expect(cookie?.name).toBe('lunar_cookie_consent');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    for (const path of ['/', '/terms']) {
      await page.goto(site.url + path);
      await waitForPage(page);
      // The banner is decided after mount and loaded as a chunk of its own: its absence means
      // something only once nothing more is coming.
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('region', { name: 'Cookie notice' }).count()).resolves.toBe(0);
    }
    // A fresh visitor still sees it.
    const fresh = await site.browser.newPage();
    await fresh.goto(site.url);
    await waitForPage(fresh);
    await fresh.getByRole('region', { name: 'Cookie notice' }).waitFor();
    await fresh.close();
    await context.close();
  });
});
