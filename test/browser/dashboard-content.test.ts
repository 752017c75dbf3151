import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserSite, waitForPage, watchPageErrors } from './support';

// An executive edits the Site content section with its keyboard-usable forms and dialogs (a
// team member, a portfolio, a service), and the public pages show each change.

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

  // An executive edits a designer's portfolio (profile, skills, a project with an uploaded
  // image) and renames a service; the public portfolio page and every page's nav show it on the
  // next request.
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );

  it('edits a portfolio by keyboard-usable forms; the public page shows the change', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchPageErrors(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await site.signInAsStaff(page, ['executive']);
    await page.goto(`${site.url}/dashboard/content`);
    await waitForPage(page);
    const portfolios = page.getByRole('region', { name: 'Portfolios' });
    await portfolios.getByRole('combobox', { name: 'Portfolio to edit' }).selectOption('ashgfx');
    const profile = portfolios.getByRole('form', { name: 'Profile' });
    const title = profile.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title.inputValue()).resolves.toBe('Lead Designer');
    await expectNoAxeViolations(page);

    // A refused link is named next to its field.
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
    const added = skills.getByRole('textbox', { name: 'Skill 7 Name' });
    await page.waitForFunction(
      () => document.activeElement?.closest('label')?.textContent === 'Skill 7 Name',
      undefined,
      { timeout: 30_000 },
    );
    await added.fill('Moon Lettering');
    await skills.getByRole('spinbutton', { name: 'Skill 7 Level (%)' }).fill('91');
    for (let at = 7; at > 1; at--) {
      await skills.getByRole('button', { name: `move skill ${at} up` }).press('Enter');
      // Focus follows the moved skill's button (Down once Up is disabled at the top).
      const focused = at === 2 ? 'move skill 1 down' : `move skill ${at - 1} up`;
      await page.waitForFunction(
        (name) => document.activeElement?.textContent?.includes(name),
        focused,
        { timeout: 30_000 },
      );
    }
    await expect(skills.getByRole('textbox', { name: 'Skill 1 Name' }).inputValue()).resolves.toBe(
      'Moon Lettering',
    );
    await skills.getByRole('button', { name: 'Remove skill 7' }).click();
    await skills.getByRole('button', { name: 'Save skills' }).click();
    await skills.getByRole('status').waitFor();

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
    await expectNoAxeViolations(publicPage);
    await publicPage.close();

    // Removing the project asks first (accepted above), then the page drops it.
    await portfolios.getByRole('button', { name: 'Remove project Lunar Crest' }).click();
    await portfolios.getByText('Branding · 1 image').waitFor({ state: 'detached' });
    expect(await (await fetch(`${site.url}/team/portfolios/ashgfx`)).text()).not.toContain(
      'Lunar Crest',
    );
    expect(errors).toEqual([expect.stringContaining('400')]);
    await page.close();
  });

  it('renames a service; the public nav’s Services dropdown lists the new name', async () => {
    const page = await site.browser.newPage();
    await site.signInAsStaff(page, ['executive']);
    await page.goto(`${site.url}/dashboard/content`);
    await waitForPage(page);
    const editor = page.getByRole('form', { name: /^Services/ });
    const json = editor.getByRole('textbox');
    const services = JSON.parse(await json.inputValue()) as { title: string }[];
    const first = services[0] as { title: string };
    first.title = 'Moonlit Server Setup';
    await json.fill(JSON.stringify(services));
    await editor.getByRole('button', { name: 'Save services' }).click();
    await editor.getByRole('status').waitFor();

    const visitor = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await visitor.goto(`${site.url}/contact`);
    await waitForPage(visitor);
    const nav = visitor.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Services' }).click();
    await nav.getByRole('link', { name: 'Moonlit Server Setup' }).waitFor();
    await visitor.close();
    await page.close();
  });
});
