import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applicationReference } from '../../core/applications/reference';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { createPeopleRepository } from '../../db/repositories/people';
import { aDesigner, aModerator } from '../support/uploads';
import {
  expectNoAxeViolations,
  PHONE,
  requestJson,
  useBrowserSite,
  waitForData,
  waitForPage,
  watchPageErrors,
} from './support';

// A lead signs in with a one-time link, finds an application in the dashboard's table, opens
// it, accepts it in the dialog (the decision stored, the Discord edit queued in the outbox)
// and exports the filtered list as CSV. The fake Discord's side of the edit is covered by the
// outbox worker's own tests; this site runs the web role only.

const APPLICATION = aModerator({
  robloxUsername: 'LighthouseKeeper',
  discordUsername: 'keeper_disc',
  additionalInfo: 'I keep =lighthouses',
});

describe('the dashboard’s applications in Chromium', () => {
  const site = useBrowserSite();

  it('signs in with a link, reviews and accepts an application, and exports CSV', async () => {
    const submitted = await requestJson(site, 'POST', '/api/applications', { body: APPLICATION });
    expect(submitted.status).toBe(201);
    const reference = applicationReference('moderator', (submitted.body as { id: number }).id);

    const page = await site.browser.newPage({ acceptDownloads: true });
    const errors = watchPageErrors(page);
    // The browser follows a one-time link, which signs it in and leads to the page asked for.
    const signInLink = await site.staffSignInLink(['lead']);
    await page.goto(`${signInLink}?next=${encodeURIComponent('/dashboard/applications')}`);
    await waitForPage(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard/applications');
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    // The nav lists the sections once /api/staff/me has answered.
    await expect.poll(() => nav.getByRole('link', { name: 'Applications' }).count()).toBe(1);

    // Who is signed in, and as what.
    await nav.getByText('browser-staff').waitFor();
    await nav.getByText('Lead designer').waitFor();

    // The reference the applicant was told to quote finds it, and the list shows it.
    const search = page.getByRole('searchbox', {
      name: 'Search references, usernames and answers',
    });
    // Filtered as typed, once typing pauses.
    await search.fill(reference.toLowerCase());
    await page.getByRole('cell', { name: reference }).waitFor();
    await search.fill('lighthouse');
    await page.waitForURL(/q=lighthouse/);
    const link = page.getByRole('link', { name: 'LighthouseKeeper' });
    await link.waitFor();
    await waitForData(page);
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^"id","reference","type","status"/);
    expect(csv).toContain(`"${reference}"`);
    expect(csv).toContain('"LighthouseKeeper"');
    expect(csv).toContain('I keep =lighthouses');

    await link.click();
    await page.getByRole('heading', { name: 'LighthouseKeeper', level: 1 }).waitFor();
    await page.getByText(reference, { exact: true }).waitFor();
    await page.getByText('I keep =lighthouses').waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept LighthouseKeeper?' });
    await dialog.waitFor();
    // No bot runs here: the reviewer learns the applicant hears later.
    await dialog
      .getByText('Discord is not connected, so LighthouseKeeper is not told yet', { exact: false })
      .waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Welcome aboard');
    await dialog.getByRole('button', { name: 'Accept application' }).click();
    await page.getByText('Accepted by').waitFor();
    await page.getByText('Note: Welcome aboard').waitFor();
    await expect(page.getByRole('button', { name: 'Accept' }).count()).resolves.toBe(0);

    // The overview lists the Discord edit waiting for the bot (no bot runs here).
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByText(/Application decision \d+/).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a signed-out visitor to sign in and back to the dashboard page asked for', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/dashboard/applications?status=pending`);
    await waitForPage(page);
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe(
      '/dashboard/applications?status=pending',
    );
    await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
    // Neither Discord sign-in nor a bot here: the way in is a link printed on the server.
    await page
      .getByText('Sign-in with Discord is not set up on this site', { exact: false })
      .waitFor();
    await page.getByText('npm run login-link -- --owner', { exact: true }).waitFor();
    await expect(page.getByText('/dashboard', { exact: true }).count()).resolves.toBe(0);
    await page.close();
  });

  it('updates the list and an open application as they change elsewhere, without a reload', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['lead']);
    await page.goto(`${site.url}/dashboard/applications`);
    await waitForPage(page);
    await page.getByRole('table', { name: 'Applications' }).waitFor();

    // A new application arrives while the list is open.
    const arrived = await requestJson(site, 'POST', '/api/applications', {
      body: aDesigner({ robloxUsername: 'LateArrival', discordUsername: 'late_disc' }),
    });
    expect(arrived.status).toBe(201);
    const id = (arrived.body as { id: number }).id;
    await page.getByRole('link', { name: 'LateArrival' }).waitFor({ timeout: 30_000 });
    await page.getByRole('cell', { name: applicationReference('designer', id) }).waitFor();

    // Opened, then decided by another reviewer (in Discord, say): the page shows it.
    await page.getByRole('link', { name: 'LateArrival' }).click();
    await page.getByRole('button', { name: 'Accept' }).waitFor();
    await createApplicationsRepository(site.db).recordDecision(id, {
      status: 'rejected',
      reviewerId: '100000000000000077',
      reviewerName: 'Discord Lead',
    });
    await page.getByText('Rejected by').waitFor({ timeout: 30_000 });
    await page.getByText('Discord Lead').waitFor();
    await expect(page.getByRole('button', { name: 'Accept' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone: the search keeps its row, Export sits below, cards show the reference', async () => {
    const submitted = await requestJson(site, 'POST', '/api/applications', {
      body: aDesigner({ robloxUsername: 'PocketApplicant', discordUsername: 'pocket_disc' }),
    });
    expect(submitted.status).toBe(201);
    const reference = applicationReference('designer', (submitted.body as { id: number }).id);
    // The lead as Discord shows them: the nav names them so, the username on hover.
    const lead = { discordId: '100000000000000088', username: 'lead_leah' };
    await createPeopleRepository(site.db).remember({ ...lead, globalName: 'Leah', avatar: null });

    const page = await site.browser.newPage({ ...PHONE });
    const errors = watchPageErrors(page);
    await site.signInAsStaff(page, ['lead'], lead);
    await page.goto(`${site.url}/dashboard/applications?q=pocket`);
    await waitForPage(page);
    const card = page
      .getByRole('region', { name: 'Applications list' })
      .getByRole('listitem')
      .filter({ hasText: 'PocketApplicant' });
    await card.getByText(reference, { exact: true }).waitFor();
    expect(await card.locator('dt').allTextContents()).toEqual([
      'Reference',
      'Discord',
      'Type',
      'Status',
      'Submitted',
      'Decided by',
    ]);
    await waitForData(page);

    const search = page.getByRole('searchbox', {
      name: 'Search references, usernames and answers',
    });
    expect(await search.evaluate((input) => input.getBoundingClientRect().width)).toBeGreaterThan(
      200,
    );
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    const top = async (locator: typeof search) => (await locator.boundingBox())?.y ?? Number.NaN;
    expect(await top(exportLink)).toBeGreaterThan((await top(search)) + 20);

    const signedIn = page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByText('Leah', { exact: true });
    expect(await signedIn.getAttribute('title')).toBe('@lead_leah');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      PHONE.viewport.width,
    );
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});
