import { describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  fetchPage,
  PHONE,
  useBrowserSite,
  waitForPage,
  watchPageErrors,
} from './support';

// A new studio owner's first sign-in on a fresh embedded site (the demo set seeded): the
// checklist counts none of the made-up content, its README references open in place, the
// hero's words and the default portfolio are edited in Site content, a portfolio's pictures in
// its editor, and "Remove all demo content" clears the demo set. In order, on one site.

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const CACHE_POLL = { timeout: 10_000 };

describe('going live from a fresh embedded site, in Chromium', () => {
  const site = useBrowserSite();
  const publicHtml = async (path: string) => (await fetchPage(site, path)).html;

  async function openAsExecutive(path: string, options: object = DESKTOP) {
    const page = await site.browser.newPage(options);
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive']);
    await page.goto(`${site.url}${path}`);
    await waitForPage(page);
    return { page, errors };
  }

  it('counts no demo content on the checklist, and opens its README references in place', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const { page, errors } = await openAsExecutive('/dashboard', options);
      const checklist = page.getByRole('region', { name: 'Go-live checklist' });
      await checklist.getByText('0 of 10 done.').waitFor();
      await checklist.getByText('18 demo people do not count').waitFor();
      await page
        .getByRole('region', { name: 'Demo content' })
        .getByText('18 made-up team members, 2 demo portfolios, 1 sample blog post')
        .waitFor();

      await checklist
        .getByRole('button', { name: 'README → Connecting Discord (Discord connected)' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'README → Connecting Discord' });
      await dialog
        .getByText(/DISCORD_TOKEN/)
        .first()
        .waitFor();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('edits the hero’s words in Home page content; the home page and the checklist follow', async () => {
    const { page, errors } = await openAsExecutive('/dashboard/content/home#hero');
    const form = page.getByRole('form', { name: 'Hero' });
    await form.getByRole('textbox', { name: 'Headline', exact: true }).fill(' ');
    await form.getByRole('button', { name: 'Save hero' }).click();
    await form.getByText('Headline is required').waitFor();
    await form.getByRole('textbox', { name: 'Badge' }).fill('Trusted by 40 ERLC servers');
    await form
      .getByRole('textbox', { name: 'Headline', exact: true })
      .fill('Liveries that stand out');
    await form
      .getByRole('textbox', { name: 'Line under the headline' })
      .fill('Moon Studio makes liveries and uniforms.');
    await form.getByRole('button', { name: 'Save hero' }).click();
    await form.getByText('Saved: the home page shows it now.').waitFor();
    await expect.poll(() => publicHtml('/'), CACHE_POLL).toContain('Trusted by 40 ERLC servers');
    const home = await publicHtml('/');
    expect(home).toContain('Liveries that stand out');
    expect(home).toContain('Moon Studio makes liveries and uniforms.');
    expect(home).not.toContain('Top Rated Design Studio on ERLC');
    await expectNoAxeViolations(page);

    await page.goto(`${site.url}/dashboard`);
    await waitForPage(page);
    const hero = page.locator('[data-item="stats-promos"]');
    await hero
      .getByText(/Still the built-in stats and promos: the hero claims “500\+ Happy Clients”/)
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('chooses the default portfolio in Settings, and gives a portfolio pictures of its own', async () => {
    const { page, errors } = await openAsExecutive('/dashboard/content/settings#portfolio');
    const form = page.getByRole('form', { name: 'Default portfolio' });
    const select = form.getByRole('combobox', { name: 'Portfolio the nav links to' });
    await select.selectOption('ashgfx');
    await form.getByRole('button', { name: 'Save default portfolio' }).click();
    await form.getByText('Saved: every page’s nav follows it now.').waitFor();
    await expect
      .poll(() => publicHtml('/'), CACHE_POLL)
      .toContain('href="/team/portfolios/ashgfx"');
    await expectNoAxeViolations(page);

    await page.goto(`${site.url}/dashboard/content/portfolios`);
    await waitForPage(page);
    await page.getByRole('combobox', { name: 'Portfolio to edit' }).selectOption('ashgfx');
    const avatar = page.getByRole('form', { name: 'Avatar' });
    await avatar.getByLabel(/New avatar/).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await avatar.getByRole('button', { name: 'Upload avatar' }).click();
    await avatar.getByText('Avatar saved: the public page shows it now.').waitFor();
    await avatar.getByRole('img', { name: 'Current avatar' }).waitFor();
    const src = await avatar.getByRole('img', { name: 'Current avatar' }).getAttribute('src');
    expect(src).toMatch(/^\/media\/site\/[0-9a-f]{64}$/);
    await expectNoAxeViolations(page);

    const portfolio = await site.browser.newPage(DESKTOP);
    await portfolio.goto(`${site.url}/team/portfolios/ashgfx`);
    await waitForPage(portfolio);
    expect(await portfolio.getByRole('img', { name: "Ash's avatar" }).getAttribute('src')).toBe(
      src,
    );
    await portfolio.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('removes all demo content after asking; the team, the nav and the checklist follow', async () => {
    const { page, errors } = await openAsExecutive('/dashboard', PHONE);
    const demo = page.getByRole('region', { name: 'Demo content' });
    await demo.getByRole('button', { name: 'Remove all demo content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove all demo content?' });
    await dialog.getByText(/This deletes 18 made-up team members/).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Remove demo content' }).click();
    await dialog.waitFor({ state: 'detached' });
    await demo.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: 'Go-live checklist' })
      .getByText('No one of your own is shown yet')
      .waitFor();

    await expect.poll(() => publicHtml('/'), CACHE_POLL).toContain('Our team page is coming soon');
    // The default portfolio was a demo one: the nav's Portfolio link went with it.
    expect(await publicHtml('/')).not.toContain('href="/team/portfolios/');
    expect(await publicHtml('/blog')).not.toContain('Welcome to Lunar');
    expect(errors).toEqual([]);
    await page.close();
  });
});
