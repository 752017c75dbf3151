import { beforeAll, describe, expect, it } from 'vitest';
import { bumpContentVersion } from '../../db/repositories/content-version';
import { portfolioProfiles, teamCategories, teamMembers } from '../../db/schema';
import { expectNoAxeViolations, PHONE, useBrowserSite } from './support';

// A production start has no team and no portfolios (db/seed.ts seeds them into the embedded
// database only): the public pages read as a young site, not a broken one. Desktop and a phone;
// each page clean for axe, without an error in the console (but the 404's own status).

const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe('a fresh site with no team and no portfolios, in Chromium', () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    // As a production database starts (db/seed.ts: no demo people).
    await site.db.delete(teamMembers);
    await site.db.delete(teamCategories);
    await site.db.delete(portfolioProfiles);
    await bumpContentVersion(site.db, 'test: a production start');
  });

  it('the home page says the team page is coming soon and links nowhere empty', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const { page, errors } = await site.open('/', { ...options, bypassCSP: true });
      const team = page.getByRole('region', { name: 'Meet Our Team' });
      await team.getByText('Our team page is coming soon').waitFor();
      await expect(page.getByText('No Results Found').count()).resolves.toBe(0);
      await team.getByRole('link', { name: /Join our Discord/ }).waitFor();
      await expect(page.getByRole('link', { name: 'View Our Work' }).count()).resolves.toBe(0);
      // On a phone the links are in the menu the toggle opens.
      if (options === PHONE) await page.getByRole('button', { name: 'Open menu' }).tap();
      const links =
        options === PHONE
          ? page.locator('#mobile-menu')
          : page.getByRole('navigation', { name: 'Main' });
      await links.getByRole('link', { name: 'Blog' }).first().waitFor();
      await expect(links.getByRole('link', { name: 'Portfolio' }).count()).resolves.toBe(0);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('a portfolio address is a 404 page, not an error box', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const { page, errors, response } = await site.open('/team/portfolios/novadev', {
        ...options,
        bypassCSP: true,
      });
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
      await expect(page.getByText('could not be loaded').count()).resolves.toBe(0);
      await expectNoAxeViolations(page);
      // The page's own 404, and the API's answer the browser asked again.
      expect(errors.every((error) => error.includes('404'))).toBe(true);
      await page.close();
    }
  });

  it('the legal pages give their date and the support e-mail as a mailto link', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const { page, errors } = await site.open('/privacy', { ...options, bypassCSP: true });
      await page.getByText('Last updated: March 19, 2024').waitFor();
      await page.getByRole('button', { name: 'Data Access' }).click();
      const section = page.getByRole('region', { name: 'Data Access' });
      await section.getByRole('link', { name: 'support@lunar.gg' }).waitFor();
      expect(
        await section.getByRole('link', { name: 'support@lunar.gg' }).getAttribute('href'),
      ).toBe('mailto:support@lunar.gg');
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('the sign-in page says how to get a link when Discord sign-in is off', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const { page, errors } = await site.open('/signin', { ...options, bypassCSP: true });
      await page.getByRole('heading', { name: 'Sign in with a link' }).waitFor();
      await page.getByText('npm run login-link -- --owner', { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
