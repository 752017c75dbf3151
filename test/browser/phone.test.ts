import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { placement, REACHABLE } from './placement';
import { expectNoAxeViolations, PHONE, useBrowserSite, waitForPage } from './support';

// Every public page on a real phone emulation (support.ts PHONE: 360 × 780, touch, Android
// Chrome): the page is as wide as the screen, the menu button is on it and works by tap.

const PAGES = [
  '/',
  '/terms',
  '/privacy',
  '/team/portfolios/ashgfx',
  '/blog',
  // The seeded post (db/seed.ts, SEED_BLOG_POST's title as a slug).
  '/blog/welcome-to-lunar',
  '/contact',
  '/apply/moderator',
  '/apply/designer',
  '/signin',
  '/no/such/page',
];

// The staff guides live in the staff layout: its header navigation wraps instead of a menu.
const STAFF_PAGES = ['/staff/ticket-procedure', '/staff/staff-procedure'];

const { width: WIDTH, height: HEIGHT } = PHONE.viewport;

/** The page's width, as the visitor scrolls it: equal to the screen, nothing sideways. */
function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

// The unknown route answers 404 on purpose, and Chromium logs that as a console error.
const withoutNotFound = (errors: string[]) =>
  errors.filter((error) => !error.includes('status of 404 (Not Found)'));

describe('public pages on a phone (360 px, touch, Android Chrome)', () => {
  const site = useBrowserSite();

  it.each(PAGES)(
    '%s is as wide as the screen and its menu opens and navigates by tap',
    async (path) => {
      const { page, errors } = await site.openPhone(path);
      expect(await pageWidth(page)).toBe(WIDTH);
      await expectNoAxeViolations(page);

      const toggle = page.getByRole('button', { name: 'Open menu' });
      expect(await placement(toggle)).toEqual(REACHABLE);
      await toggle.tap();
      const menu = page.locator('#mobile-menu');
      await menu.waitFor({ state: 'visible' });
      // The spec's sections and pages, both application forms, the Discord invite: each one
      // on the screen and under the finger once the menu is scrolled to it.
      const links = await menu.getByRole('link').evaluateAll(
        (elements, screen) =>
          elements.map((link) => {
            link.scrollIntoView({ block: 'nearest' });
            const box = link.getBoundingClientRect();
            const hit = document.elementFromPoint(
              box.left + box.width / 2,
              box.top + box.height / 2,
            );
            const onScreen =
              box.left >= 0 &&
              box.top >= 0 &&
              box.right <= screen.width &&
              box.bottom <= screen.height;
            return `${link.textContent}: ${onScreen && hit !== null && link.contains(hit) ? 'reachable' : 'not reachable'}`;
          }),
        { width: WIDTH, height: HEIGHT },
      );
      expect(links).toHaveLength(18);
      expect(links.filter((link) => !link.endsWith(': reachable'))).toEqual([]);
      expect(await pageWidth(page)).toBe(WIDTH);

      const target = path === '/apply/designer' ? 'Apply as Moderator' : 'Apply as Designer';
      await menu.getByRole('link', { name: target }).tap();
      await page.waitForURL(
        target.endsWith('Designer') ? /\/apply\/designer$/ : /\/apply\/moderator$/,
      );
      await menu.waitFor({ state: 'hidden' });
      await page
        .getByRole('heading', { level: 1, name: /^Join Our (Design|Moderation) Team$/ })
        .waitFor();
      expect(await pageWidth(page)).toBe(WIDTH);
      expect(withoutNotFound(errors)).toEqual([]);
      await page.close();
    },
  );

  it('every public page is as wide as a 320 px screen too, menu button on it', async () => {
    const screen = { width: 320, height: HEIGHT };
    const { page, errors } = await site.openPhone('/', { viewport: screen });
    await site.signInAsStaff(page); // the staff pages need a staff session
    for (const path of [...PAGES, ...STAFF_PAGES]) {
      await page.goto(site.url + path);
      await waitForPage(page);
      expect({ path, width: await pageWidth(page) }).toEqual({ path, width: 320 });
      if (STAFF_PAGES.includes(path)) continue;
      expect(await placement(page.getByRole('button', { name: 'Open menu' }), screen)).toEqual(
        REACHABLE,
      );
    }
    expect(withoutNotFound(errors)).toEqual([]);
    await page.close();
  });

  it.each(STAFF_PAGES)(
    '%s is as wide as the screen and its staff navigation works by tap',
    async (path) => {
      const { page, errors } = await site.openPhone(path);
      expect(await pageWidth(page)).toBe(WIDTH);
      await expectNoAxeViolations(page);
      const nav = page.getByRole('navigation', { name: 'Staff' });
      const links = nav.getByRole('link');
      expect(await links.count()).toBeGreaterThan(1);
      for (const link of await links.all()) expect(await placement(link)).toEqual(REACHABLE);
      const other = STAFF_PAGES.find((candidate) => candidate !== path) ?? path;
      await nav.locator(`a[href="${other}"]`).tap();
      await page.waitForURL(new RegExp(`${other}$`));
      expect(await pageWidth(page)).toBe(WIDTH);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('home: tapping a member opens the profile with no sideways scroll, and it closes by tap', async () => {
    const { page } = await site.openPhone('/');
    const card = page.locator('[data-member]').first();
    const name = await card.locator('span.font-semibold').first().textContent();
    await card.tap();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { level: 2 }).first().textContent()).toBe(name);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    expect(await pageWidth(page)).toBe(WIDTH);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= WIDTH).toBe(true);
    const close = dialog.getByRole('button', { name: 'Close' });
    expect(await placement(close)).toEqual(REACHABLE);
    await close.tap();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await page.close();
  });

  it('home: the cookie banner is on the screen and Accept works by tap', async () => {
    const { page } = await site.openPhone('/');
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await banner.waitFor();
    expect(await placement(banner)).toEqual(REACHABLE);
    const accept = banner.getByRole('button', { name: 'Accept' });
    expect(await placement(accept)).toEqual(REACHABLE);
    await accept.tap();
    await banner.waitFor({ state: 'detached' });
    await page.close();
  });

  it('contact: the form fills and sends by tap, and its toast shows on the screen', async () => {
    const { page } = await site.openPhone('/contact');
    const message = {
      Name: 'Jordan',
      Email: 'jordan@example.com',
      Subject: 'Logo',
      Message: 'A logo and banners, please.',
    };
    for (const [label, value] of Object.entries(message)) {
      await page.getByLabel(label, { exact: true }).tap();
      await page.keyboard.type(value);
    }
    await page.getByRole('button', { name: 'Send Message' }).tap();
    const toast = page.getByRole('status').filter({ hasText: 'Message sent' });
    await toast.waitFor();
    expect((await placement(toast)).onScreen).toBe(true);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await pageWidth(page)).toBe(WIDTH);
    await page.close();
  });

  it.each([
    ['moderator', 'Step 2 of 5'],
    ['designer', 'Step 2 of 4'],
  ])(
    'apply/%s: fields take taps and typing, Next and Previous step by tap',
    async (type, step2) => {
      const { page, errors } = await site.openPhone(`/apply/${type}`);
      for (const [id, value] of [
        ['robloxUsername', 'roblox_applicant'],
        ['discordUsername', 'discord_applicant'],
      ] as const) {
        await page.locator(`#application-${id}`).tap();
        await page.keyboard.type(value);
      }
      const next = page.getByRole('button', { name: 'Next' });
      await next.scrollIntoViewIfNeeded();
      expect(await placement(next)).toEqual(REACHABLE);
      await next.tap();
      await page.getByText(step2, { exact: true }).waitFor();
      expect(await pageWidth(page)).toBe(WIDTH);
      await page.getByRole('button', { name: 'Previous' }).tap();
      await page.getByText('Step 1 of', { exact: false }).waitFor();
      expect(await page.locator('#application-robloxUsername').inputValue()).toBe(
        'roblox_applicant',
      );
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('the open phone menu has no axe violations', async () => {
    const { page } = await site.openPhone('/');
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.locator('#mobile-menu').waitFor({ state: 'visible' });
    await expectNoAxeViolations(page);
    await page.close();
  });
});
