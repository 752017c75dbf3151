import { describe, expect, it } from 'vitest';
import { STAFF_DOCUMENTATION_TITLE } from '../../core/staff/staff-documentation';
import { INTRO_TEMPLATE, TICKET_PROCEDURE_TITLE } from '../../core/staff/ticket-procedure';
import { useBrowserSite, waitForPage, watchPageErrors } from './support';

describe('staff guides', () => {
  const site = useBrowserSite();

  it('sends a signed-out visitor to sign in and, once signed in, back to the guide', async () => {
    const page = await site.browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${site.url}/staff/ticket-procedure`);
    await waitForPage(page);
    const signIn = new URL(page.url());
    expect(signIn.pathname).toBe('/signin');
    const next = signIn.searchParams.get('next');
    expect(next).toBe('/staff/ticket-procedure');
    await page.getByRole('heading', { name: 'Sign in to the dashboard' }).waitFor();
    await expect(page.getByRole('heading', { name: TICKET_PROCEDURE_TITLE }).count()).resolves.toBe(
      0,
    );

    // The link from Discord, opened with the sign-in page's `next`, lands on the guide.
    const link = await site.staffSignInLink();
    await page.goto(`${link}?next=${encodeURIComponent(next ?? '')}`);
    await waitForPage(page);
    expect(new URL(page.url()).pathname).toBe('/staff/ticket-procedure');
    await page.getByRole('heading', { name: TICKET_PROCEDURE_TITLE, level: 1 }).waitFor();

    // Signed in, the sign-in page says so and continues to the page it was asked for.
    await page.goto(`${site.url}/signin?next=${encodeURIComponent('/staff/staff-procedure')}`);
    await waitForPage(page);
    await page.getByText('You are signed in as browser-staff.').waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: STAFF_DOCUMENTATION_TITLE, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/staff-procedure');
    // Signed out is the sign-in page's expected state, not an error.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('copies the intro template to the clipboard and confirms with a toast for 2 s', async () => {
    const context = await site.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await context.newPage();
    await site.signInAsStaff(page);
    const errors = watchPageErrors(page);
    await page.goto(`${site.url}/staff/ticket-procedure`);
    await waitForPage(page);
    expect(await page.locator('[data-accordion-header]').count()).toBe(4);
    await page.getByRole('button', { name: 'Copy Intro Template' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Copied to clipboard' });
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Text has been copied to your clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(INTRO_TEMPLATE);
    await toast.waitFor({ state: 'detached', timeout: 3000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when the clipboard is not available', async () => {
    const { page } = await site.open('/staff/ticket-procedure');
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await page.getByRole('button', { name: 'Copy Intro Template' }).click();
    await page.getByRole('alert').filter({ hasText: 'Copy failed' }).waitFor();
    await page.close();
  });

  it('shows the seven documentation sections in a scrollable region', async () => {
    const page = await site.browser.newPage();
    await site.signInAsStaff(page);
    await page.goto(`${site.url}/staff/staff-procedure`);
    await waitForPage(page);
    const region = page.getByRole('region', { name: 'Staff documentation sections' });
    expect(await region.locator('[data-accordion-header]').count()).toBe(7);
    expect(await region.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    await page.close();
  });
});
