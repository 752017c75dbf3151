import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  PHONE,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';

// The home page's content, one block at a time: each with its own Save and state in words,
// and leaving one with unsaved changes asks first, inside the app (the dashboard's dialog) and
// when the tab is reloaded (the browser's beforeunload prompt). On a desktop and a phone.

const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe('unsaved changes in the home page editor, in Chromium', () => {
  const site = useBrowserSite();

  async function openHero(options: Parameters<typeof site.browser.newPage>[0]) {
    const page = await site.browser.newPage(options);
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive']);
    await page.goto(`${site.url}/dashboard/content/home?block=hero`);
    await waitForPage(page);
    const form = page.getByRole('form', { name: 'Hero' });
    await form.waitFor();
    await waitForData(page);
    return {
      page,
      errors,
      form,
      headline: form.getByRole('textbox', { name: 'Headline', exact: true }),
    };
  }

  const blockTab = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Home page blocks' }).getByRole('link', { name });

  for (const [device, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`asks before another block or section is opened with unsaved changes (${device})`, async () => {
      const { page, errors, form, headline } = await openHero(options);
      // Saved by the test before, or still the default.
      await form
        .getByRole('status')
        .filter({ hasText: /^(Saved|Built-in default \(not saved yet\))$/ })
        .waitFor();
      await expectNoAxeViolations(page);

      await headline.fill(`Unsaved words on the ${device}`);
      await form.getByText('Unsaved changes', { exact: true }).waitFor();
      await blockTab(page, 'Stats').click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await dialog.getByText('Your changes to Hero are not saved.').waitFor();
      await expectNoAxeViolations(page);

      // Stay: the words are still there, the URL unchanged.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await headline.inputValue()).toBe(`Unsaved words on the ${device}`);
      expect(new URL(page.url()).search).toBe('?block=hero');

      // Another section of the dashboard asks too; leaving then goes there.
      await page
        .getByRole('navigation', { name: 'Dashboard sections' })
        .getByRole('link', { name: 'Overview' })
        .click();
      await dialog.getByRole('button', { name: 'Leave without saving' }).click();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

      // Back in the editor: the stored words, and nothing asks once saved.
      await page.goBack();
      await form.waitFor();
      await waitForData(page);
      expect(await headline.inputValue()).not.toContain('Unsaved words');
      await headline.fill(`Saved words on the ${device}`);
      await form.getByRole('button', { name: 'Save hero' }).click();
      await form.getByText('Saved', { exact: true }).waitFor();
      await blockTab(page, 'Stats').click();
      await page.getByRole('form', { name: 'Stats' }).waitFor();
      expect(await dialog.count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('asks before a reload loses unsaved changes, and keeps them when the visitor stays', async () => {
    const { page, errors, form, headline } = await openHero(DESKTOP);
    await headline.fill('Kept through a cancelled reload');
    await form.getByText('Unsaved changes', { exact: true }).waitFor();
    const asked = page.waitForEvent('dialog');
    // Not page.reload(): it would wait for a navigation the dismissed prompt cancels.
    void page.evaluate(() => window.location.reload()).catch(() => {});
    const prompt = await asked;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.dismiss();
    expect(await headline.inputValue()).toBe('Kept through a cancelled reload');

    // Saved: a reload no longer asks.
    await form.getByRole('button', { name: 'Save hero' }).click();
    await form.getByText('Saved', { exact: true }).waitFor();
    let promptedAgain = false;
    page.on('dialog', (dialog) => {
      promptedAgain = true;
      void dialog.accept();
    });
    await page.reload();
    await waitForPage(page);
    await headline.waitFor();
    await waitForData(page);
    expect(await headline.inputValue()).toBe('Kept through a cancelled reload');
    expect(promptedAgain).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps what was typed when someone else saved the block first, and offers both ways on', async () => {
    const mine = await openHero(DESKTOP);
    const theirs = await openHero(DESKTOP);
    await theirs.headline.fill('Their headline');
    await theirs.form.getByRole('button', { name: 'Save hero' }).click();
    await theirs.form.getByText('Saved', { exact: true }).waitFor();

    await mine.headline.fill('My headline');
    await mine.form.getByRole('button', { name: 'Save hero' }).click();
    await mine.form
      .getByRole('alert')
      .getByText(/Someone else saved this block/)
      .waitFor();
    await mine.form.getByText('Not saved: what you typed is kept.').waitFor();
    expect(await mine.headline.inputValue()).toBe('My headline');
    await expectNoAxeViolations(mine.page);

    await mine.form.getByRole('button', { name: 'Save mine over it' }).click();
    await mine.form.getByText('Saved', { exact: true }).waitFor();
    // The browser logs the refused save (409) itself; nothing else went wrong.
    expect(mine.errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    await mine.page.close();
    await theirs.page.close();
  });
});
