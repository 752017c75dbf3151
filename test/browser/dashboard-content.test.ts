import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserSite, waitForPage, watchPageErrors } from './support';

// An executive renames a team member in the dashboard's Site content section, with the
// keyboard-usable dialog, and the home page's team directory shows the new name.

describe('the dashboard’s site content in Chromium', () => {
  const site = useBrowserSite();

  it('edits a member in the dialog; a bad field is shown next to it; the home page follows', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['executive']);
    await page.goto(`${site.url}/dashboard/content`);
    await waitForPage(page);
    const table = page.getByRole('table', { name: 'Team members' });
    await table.waitFor();
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

    await name.fill('Selene Moonfield');
    await name.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: /^Selene Moonfield/ }).waitFor();

    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toContain('Selene Moonfield');
    // The refused save is the one failed request the browser reports; nothing else went wrong.
    expect(errors).toEqual([expect.stringContaining('400')]);
    await page.close();
  });
});
