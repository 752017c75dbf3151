import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  fetchPage,
  PHONE,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';

// An executive edits Site content with keyboard-usable forms and dialogs: the team (members and
// categories), a portfolio, the home page's blocks as rows (no JSON), and the studio settings.
// Each form checks its values with the core schema before sending, says what is wrong beside
// the field, and the public pages show each saved change.

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The id a field's error is tied to: the control says it (aria-describedby), in words. */
async function errorOf(page: Page, control: ReturnType<Page['getByRole']>) {
  const ids = (await control.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

/** Waits until the focused element's accessible text includes `text`. */
const focusOn = (page: Page, text: string) =>
  page.waitForFunction(
    (wanted) => {
      const active = document.activeElement;
      const label = active?.closest('label')?.textContent ?? '';
      const labelled = active?.id
        ? (document.querySelector(`label[for="${active.id}"]`)?.textContent ?? '')
        : '';
      return `${active?.textContent ?? ''} ${label} ${labelled}`.includes(wanted);
    },
    text,
    { timeout: 30_000 },
  );

/**
 * Waits until the open menu has the keyboard's focus (it takes it a frame after it shows): keys
 * typed before that go to its trigger, where Enter closes the menu instead of picking.
 */
const menuHasFocus = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[role="menu"]')?.contains(document.activeElement) ?? false,
  );

/** The text of the element with the keyboard's focus (a menu's highlighted item). */
const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('the dashboard’s site content in Chromium', () => {
  const site = useBrowserSite();

  // A public page as the server sends it. Its page cache may still answer from the content
  // version before a write for a moment after the write has answered (the re-read waits its
  // turn behind the writes: db/repositories/content-version.ts), so a change is polled for.
  const publicHtml = async (path: string) => (await fetchPage(site, path)).html;
  const CACHE_POLL = { timeout: 10_000 };

  async function openAsExecutive(
    path: string,
    options?: Parameters<typeof site.browser.newPage>[0],
  ) {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 }, ...options });
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive']);
    await page.goto(`${site.url}${path}`);
    await waitForPage(page);
    return { page, errors };
  }

  it('edits a member in the dialog; a bad field is named beside it; the home page follows', async () => {
    const { page, errors } = await openAsExecutive('/dashboard/content');
    const table = page.getByRole('table', { name: 'Team members' });
    await table.waitFor();
    await waitForData(page);
    await expectNoAxeViolations(page);

    await table
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill(' ');
    await dialog.getByRole('button', { name: 'Save member' }).click();
    await dialog.getByText('Name is required').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');

    // Without a category, the member is told where they will (not) appear.
    const checked = dialog.getByRole('checkbox', { checked: true });
    while ((await checked.count()) > 0) await checked.first().uncheck();
    await dialog.getByText('Not shown on the site until given a category.').waitFor();
    await dialog.getByRole('checkbox', { name: 'Liveries' }).check();
    await dialog.getByText('Shown on the home page under Liveries, at the end of each.').waitFor();

    await name.fill('Selene Moonfield');
    await name.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const row = table.getByRole('row', { name: /Selene Moonfield/ });
    await row.getByRole('cell', { name: 'Liveries', exact: true }).waitFor();

    await expect.poll(() => publicHtml('/'), CACHE_POLL).toContain('Selene Moonfield');
    // The form's own check refused the blank name: nothing was sent, nothing failed.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('adds, renames, reorders and deletes categories by keyboard; deleting says what happens', async () => {
    const { page, errors } = await openAsExecutive('/dashboard/content/team');
    const categories = page.getByRole('region', { name: 'Categories' });
    await categories.getByRole('button', { name: 'Add category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a category' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Photography');
    // The icon picker: a menu of the site's icons, by keyboard.
    const icon = dialog.getByRole('button', { name: /^Icon/ });
    await icon.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('menu').waitFor();
    await menuHasFocus(page);
    await expectNoAxeViolations(page);
    await page.keyboard.type('camera');
    // Radix moves the highlight to the typed name in a timeout after the key, as a person
    // sees it move before pressing Enter ("car" is highlighted on the way).
    await expect.poll(() => focusedText(page)).toBe('camera');
    await page.keyboard.press('Enter');
    await expect.poll(() => icon.textContent()).toContain('camera');
    await dialog.getByRole('button', { name: 'Add category' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = categories.getByRole('listitem');
    await expect.poll(() => list.last().textContent()).toContain('Photography');

    // A name another category has is refused by the server, in words.
    await categories.getByRole('button', { name: 'Rename Photography' }).click();
    dialog = page.getByRole('dialog', { name: 'Rename Photography' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('liveries');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await dialog.getByText('A category named “liveries” already exists.').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Photo Editing');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Moved to the top with the keyboard; focus stays on the moving category.
    const up = categories.getByRole('button', { name: 'move Photo Editing up' });
    await up.focus();
    // Each press waits for the server's answer to move it one place: under load a press made
    // while the last move is still saving is not a second move.
    const place = () =>
      list.evaluateAll((items) =>
        items.findIndex((item) => item.textContent?.includes('Photo Editing')),
      );
    for (let at = await place(); at > 0; at = await place()) {
      await page.keyboard.press('Enter');
      await expect.poll(place, { timeout: 15_000 }).toBeLessThan(at);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toMatch(/move Photo Editing (up|down)/);
    }
    await expect.poll(() => list.first().textContent()).toContain('Photo Editing');
    // Without members it is not among the home page's categories yet.
    const visitor = await site.browser.newPage();
    await visitor.goto(`${site.url}/#team`);
    await waitForPage(visitor);
    const tabs = visitor.getByRole('navigation', { name: 'Team categories' });
    await tabs.getByRole('button', { name: /Liveries/ }).waitFor();
    await expect(tabs.getByRole('button', { name: /Photo Editing/ }).count()).resolves.toBe(0);
    await visitor.close();

    // Deleting a category with members: the dialog names who leaves the site.
    await categories.getByRole('button', { name: 'Delete Bot Developers' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete the category Bot Developers?' });
    await dialog.getByText(/in no other category and will not be shown on the site/).waitFor();
    await dialog.getByText('Circuit').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete category' }).click();
    await dialog.waitFor({ state: 'detached' });
    const members = page.getByRole('table', { name: 'Team members' });
    await members
      .getByRole('row', { name: /Circuit/ })
      .getByText('Not shown (no category)')
      .waitFor();
    await expect.poll(() => publicHtml('/'), CACHE_POLL).not.toContain('Bot Developers');
    expect(errors).toEqual([expect.stringContaining('409')]);
    await page.close();
  });

  it('edits a portfolio by keyboard-usable forms; the public page shows the change', async () => {
    const { page, errors } = await openAsExecutive('/dashboard/content/portfolios');
    const portfolios = page.getByRole('region', { name: 'Portfolios' });
    await portfolios.getByRole('combobox', { name: 'Portfolio to edit' }).selectOption('ashgfx');
    const profile = portfolios.getByRole('form', { name: 'Profile' });
    const title = profile.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title.inputValue()).resolves.toBe('Lead Designer');
    await waitForData(page);
    await expectNoAxeViolations(page);

    // A refused link is named next to its field (the browser's check, the schema's words).
    const contact = profile.getByRole('textbox', { name: /^Contact link/ });
    await contact.fill('javascript:alert(1)');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText(/Contact link: a path on this site/).waitFor();
    await expect(contact.getAttribute('aria-invalid')).resolves.toBe('true');
    await contact.fill('/contact');
    await title.fill('Head of Moon Graphics');
    await title.press('Enter');
    await profile.getByRole('status').waitFor();

    // Skills: add one, move it to the top by keyboard, drop the last, save.
    const skills = portfolios.getByRole('form', { name: 'Skills' });
    await skills.getByRole('button', { name: 'Add skill' }).click();
    await focusOn(page, 'Skill 7 Name');
    await skills.getByRole('textbox', { name: 'Skill 7 Name' }).fill('Moon Lettering');
    await skills.getByRole('spinbutton', { name: 'Skill 7 Level (%)' }).fill('91');
    for (let at = 7; at > 1; at--) {
      await skills.getByRole('button', { name: `move skill ${at} up` }).press('Enter');
      // Focus follows the moved skill's button (Down once Up is disabled at the top).
      await focusOn(page, at === 2 ? 'move skill 1 down' : `move skill ${at - 1} up`);
    }
    await expect(skills.getByRole('textbox', { name: 'Skill 1 Name' }).inputValue()).resolves.toBe(
      'Moon Lettering',
    );
    await skills.getByRole('button', { name: 'Remove skill 7' }).click();
    // After a removal, focus waits on Add skill.
    await focusOn(page, 'Add skill');
    await skills.getByRole('button', { name: 'Save skills' }).click();
    await skills.getByRole('status').waitFor();

    // Testimonials are rows too: a blank one is refused beside its fields.
    const testimonials = portfolios.getByRole('form', { name: 'Testimonials' });
    await testimonials.getByRole('button', { name: 'Add testimonial' }).click();
    await testimonials.getByRole('button', { name: 'Save testimonials' }).click();
    const added = (await testimonials.getByRole('listitem').count()) as number;
    const blankName = testimonials.getByRole('textbox', { name: `Testimonial ${added} Name` });
    await expect.poll(() => errorOf(page, blankName)).toBe('Name is required');
    await testimonials.getByRole('button', { name: `Remove testimonial ${added}` }).click();

    // A project with an uploaded image.
    await portfolios.getByRole('button', { name: 'Add project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a project' });
    await dialog.getByRole('textbox', { name: 'Project title' }).fill('Lunar Crest');
    await dialog.getByRole('textbox', { name: 'Tag' }).fill('Branding');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('A crest for the moon base.');
    await dialog
      .getByLabel(/^Add images/)
      .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Save project' }).click();
    await dialog.waitFor({ state: 'detached' });
    await portfolios.getByText('Branding · 1 image').waitFor();
    await expectNoAxeViolations(page);

    const publicPage = await site.browser.newPage();
    await publicPage.goto(`${site.url}/team/portfolios/ashgfx`);
    await waitForPage(publicPage);
    await publicPage.getByRole('heading', { name: 'Lunar Crest' }).waitFor();
    await publicPage.getByText('Head of Moon Graphics').waitFor();
    const skillNames = await publicPage
      .getByRole('region', { name: 'Skills' })
      .getByRole('listitem')
      .allTextContents();
    expect(skillNames[0]).toContain('Moon Lettering');
    expect(skillNames).toHaveLength(6);
    const image = publicPage.getByRole('img', { name: 'Lunar Crest, 1 of 1' });
    await image.scrollIntoViewIfNeeded();
    // Loaded lazily: wait until the uploaded bytes have decoded (a 1×1 PNG).
    await publicPage.waitForFunction(
      (node) =>
        (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth === 1,
      await image.elementHandle(),
      { timeout: 30_000 },
    );
    await publicPage.close();

    // Removing the project asks first, in the dashboard's dialog.
    await portfolios.getByRole('button', { name: 'Remove project Lunar Crest' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the project “Lunar Crest”?' })
      .getByRole('button', { name: 'Remove project' })
      .click();
    await portfolios.getByText('Branding · 1 image').waitFor({ state: 'detached' });
    await expect
      .poll(() => publicHtml('/team/portfolios/ashgfx'), CACHE_POLL)
      .not.toContain('Lunar Crest');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('edits the home page blocks as rows: typed fields, errors beside them, order by keyboard', async () => {
    const { page, errors } = await openAsExecutive('/dashboard/content/home?block=pricing');
    const openBlock = async (name: string) => {
      await page
        .getByRole('navigation', { name: 'Home page blocks' })
        .getByRole('link', { name })
        .click();
      await page.getByRole('form', { name }).waitFor();
      await waitForData(page);
    };
    const pricing = page.getByRole('form', { name: 'Pricing' });
    await pricing.waitFor();
    await waitForData(page); // the other blocks' forms too
    await expectNoAxeViolations(page);

    // A blank title and no price: refused beside the fields, nothing sent.
    await pricing.getByRole('textbox', { name: 'Plan 1 Title' }).fill('');
    await pricing.getByRole('spinbutton', { name: 'Plan 1 Price (R$)' }).fill('');
    await pricing.getByRole('button', { name: 'Save pricing' }).click();
    await pricing.getByText('Some fields need attention', { exact: false }).waitFor();
    expect(await errorOf(page, pricing.getByRole('textbox', { name: 'Plan 1 Title' }))).toBe(
      'Title is required',
    );
    expect(
      await errorOf(page, pricing.getByRole('spinbutton', { name: 'Plan 1 Price (R$)' })),
    ).toBe('Price: enter a whole number of Robux');
    await pricing.getByRole('button', { name: 'Undo changes' }).click();

    // A new plan: focus goes to its title; a price, features, "Most popular" by Space; moved
    // to the top by keyboard; saved.
    await pricing.getByRole('button', { name: 'Add plan' }).click();
    await focusOn(page, 'Plan 4 Title');
    await page.keyboard.type('Moon Starter');
    await pricing.getByRole('spinbutton', { name: 'Plan 4 Price (R$)' }).fill('420');
    await pricing
      .getByRole('textbox', { name: 'Plan 4 Features' })
      .fill('1 Moon Logo\n\n2 Revisions');
    const popular = pricing.getByRole('switch', { name: 'Plan 4 Most popular' });
    await popular.focus();
    await page.keyboard.press('Space');
    await expect(popular.getAttribute('aria-checked')).resolves.toBe('true');
    for (let at = 4; at > 1; at--) {
      await pricing.getByRole('button', { name: `move plan ${at} up` }).press('Enter');
      await focusOn(page, at === 2 ? 'move plan 1 down' : `move plan ${at - 1} up`);
    }
    await pricing.getByText('Unsaved changes', { exact: true }).waitFor();
    await pricing.getByRole('button', { name: 'Save pricing' }).click();
    await pricing.getByText('Saved', { exact: true }).waitFor();
    await expect.poll(() => publicHtml('/'), CACHE_POLL).toContain('Moon Starter');
    const home = await publicHtml('/');
    expect(home.indexOf('Moon Starter')).toBeGreaterThan(0);
    expect(home.indexOf('Moon Starter')).toBeLessThan(home.indexOf('Basic Design'));
    expect(home).toContain('420 R$');

    // The stats: the hero's badges follow; an icon picked from the menu by keyboard.
    await openBlock('Stats');
    const stats = page.getByRole('form', { name: 'Stats' });
    await stats.getByRole('textbox', { name: 'Stat 1 Value' }).fill('12');
    await stats.getByRole('textbox', { name: 'Stat 1 Label' }).fill('Moon Clients');
    const statIcon = stats.getByRole('button', { name: /^Stat 1 Icon/ });
    await statIcon.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await menuHasFocus(page);
    await page.keyboard.type('rocket');
    await expect.poll(() => focusedText(page)).toBe('rocket');
    await page.keyboard.press('Enter');
    await expect.poll(() => statIcon.textContent()).toContain('rocket');
    await stats.getByRole('button', { name: 'Save stats' }).click();
    await stats.getByText('Saved', { exact: true }).waitFor();
    await expect.poll(() => publicHtml('/'), CACHE_POLL).toContain('12 Moon Clients');

    // A promo with dates: the end before the start is named beside "Ends on".
    await openBlock('Promos');
    const promos = page.getByRole('form', { name: 'Promos' });
    await promos.getByRole('button', { name: 'Add promo' }).click();
    const count = await promos.getByRole('listitem').count();
    await promos.getByRole('textbox', { name: `Promo ${count} Text` }).fill('Moon Week: 10% OFF');
    await promos.getByLabel(`Promo ${count} Starts on`).fill('2030-05-10');
    await promos.getByLabel(`Promo ${count} Ends on`).fill('2030-05-01');
    await promos.getByRole('button', { name: 'Save promos' }).click();
    await expect
      .poll(() => errorOf(page, promos.getByLabel(`Promo ${count} Ends on`)))
      .toBe('Ends on must be the start day or later');
    await promos.getByLabel(`Promo ${count} Ends on`).fill('2030-05-17');
    await promos.getByRole('button', { name: 'Save promos' }).click();
    await promos.getByText('Saved', { exact: true }).waitFor();

    // A service renamed: every page's nav follows.
    await openBlock('Services');
    const services = page.getByRole('form', { name: 'Services' });
    await services.getByRole('textbox', { name: 'Service 1 Title' }).fill('Moonlit Server Setup');
    await services.getByRole('button', { name: 'Save services' }).click();
    await services.getByText('Saved', { exact: true }).waitFor();
    const visitor = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await visitor.goto(`${site.url}/contact`);
    await waitForPage(visitor);
    const nav = visitor.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Services' }).click();
    await nav.getByRole('link', { name: 'Moonlit Server Setup' }).waitFor();
    await visitor.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('saves the studio settings; the legal pages and every footer show them', async () => {
    const { page, errors } = await openAsExecutive('/dashboard/content/settings');
    const form = page.getByRole('form', { name: 'Studio settings' });
    const email = form.getByRole('textbox', { name: 'Support e-mail' });
    await email.fill('support at moon');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => errorOf(page, email)).toMatch(/^Support e-mail: /);
    await expectNoAxeViolations(page);
    await email.fill('care@moon.studio');
    await form.getByLabel('Legal pages last updated').fill('2026-05-01');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('status').waitFor();

    const terms = await site.browser.newPage();
    await terms.goto(`${site.url}/terms`);
    await waitForPage(terms);
    await terms.getByText('Last updated: May 1, 2026').waitFor();
    const mailto = terms.locator('a[href="mailto:care@moon.studio"]');
    // The contact line and the footer; the sections' {email} too once opened.
    expect(await mailto.count()).toBeGreaterThanOrEqual(2);
    await terms.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is clean for axe on each part at 360 px, under phone emulation', async () => {
    for (const part of ['team', 'portfolios', 'home', 'settings']) {
      const { page, errors } = await openAsExecutive(`/dashboard/content/${part}`, PHONE);
      await page.getByRole('heading', { name: 'Site content', level: 1 }).waitFor();
      await waitForData(page); // axe checks the part's forms, not its loading lines
      await expectNoAxeViolations(page);
      expect(errors, part).toEqual([]);
      await page.close();
    }
  });
});
