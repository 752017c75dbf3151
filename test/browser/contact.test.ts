import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, fetchPage, useBrowserSite } from './support';

const MESSAGE = {
  Name: 'Jordan',
  Email: 'jordan@example.com',
  Subject: 'Logo for River City',
  Message: 'We would like a new logo and banner set.',
};

describe('contact page in Chromium', () => {
  const site = useBrowserSite();

  function openContact() {
    return site.open('/contact');
  }

  async function fill(page: Page) {
    for (const [label, value] of Object.entries(MESSAGE)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
  }

  const values = (page: Page) =>
    Promise.all(
      Object.keys(MESSAGE).map((label) => page.getByLabel(label, { exact: true }).inputValue()),
    );

  it('prerenders the form and the support e-mail, with no axe violations', async () => {
    const { html } = await fetchPage(site, '/contact');
    expect(html).toContain('Contact Us');
    expect(html).toContain('support@lunar.gg');
    const { page, errors } = await openContact();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    for (const label of Object.keys(MESSAGE)) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('required')).not.toBeNull();
    }
    // The limit counts code points like the server (core/shared/text), not UTF-16 units: 5,000
    // emoji fit, the 5,001st is clipped.
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('😀'.repeat(5001));
    expect(await message.inputValue()).toBe('😀'.repeat(5000));
    await message.fill('');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("asks 'Want to join the team?' and links both application forms", async () => {
    const html = await (await fetch(`${site.url}/contact`)).text();
    expect(html).toContain('Want to join the team?');
    const { page } = await site.open('/contact');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Apply as Moderator' }).getAttribute('href')).toBe(
      '/apply/moderator',
    );
    await main.getByRole('link', { name: 'Apply as Designer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Join Our Design Team' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/apply/designer');
    await page.close();
  });

  it('sends a message: toast only after the 2xx, then clears the fields', async () => {
    const { page } = await openContact();
    await fill(page);
    const answer = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(201);
    const toast = page.getByRole('status').filter({ hasText: 'Message sent' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("We'll get back to you soon!");
    expect(await values(page)).toEqual(['', '', '', '']);
    await page.close();
  });

  it('keeps the fields and shows the error toast when the server fails', async () => {
    const { page } = await openContact();
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Something went wrong on our side.', reference: 'r1' }),
      }),
    );
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Something went wrong on our side.' });
    await toast.waitFor();
    expect(await page.getByText('Message sent').count()).toBe(0);
    expect(await values(page)).toEqual(Object.values(MESSAGE));
    await page.close();
  });

  it('keeps the fields on a network failure', async () => {
    const { page } = await openContact();
    await page.route('**/api/contact', (route) => route.abort('failed'));
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not reach the server' }).waitFor();
    expect(await values(page)).toEqual(Object.values(MESSAGE));
    await page.close();
  });

  it('shows field errors from a 400 next to the fields and keeps them', async () => {
    const { page } = await openContact();
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Some fields are invalid.',
          fieldErrors: { email: 'Please enter a valid email address' },
        }),
      }),
    );
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').filter({ hasText: 'Some fields are invalid.' }).waitFor();
    const email = page.getByLabel('Email', { exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'Please enter a valid email address',
    );
    expect(await values(page)).toEqual(Object.values(MESSAGE));
    await page.close();
  });

  it('checks in the page with inline errors (no browser bubbles) that clear once fixed', async () => {
    const { page } = await openContact();
    let requests = 0;
    await page.route('**/api/contact', (route) => {
      requests++;
      return route.abort('failed');
    });
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const name = page.getByLabel('Name', { exact: true });
    const errorOf = async (label: string) => {
      const control = page.getByLabel(label, { exact: true });
      const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
      return describedBy ? page.locator(`[id="${describedBy}"]`).textContent() : null;
    };
    await expect.poll(() => errorOf('Name')).toBe('Name is required');
    expect(await errorOf('Email')).toBe('Please enter a valid email address');
    expect(await errorOf('Message')).toBe('Message is required');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    // The form is noValidate: no bubble, and nothing was sent.
    expect(await name.evaluate((input: HTMLInputElement) => input.form?.noValidate)).toBe(true);
    expect(requests).toBe(0);
    await name.fill('Jordan');
    expect(await errorOf('Name')).toBeNull();
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Email', { exact: true }).fill('jordan@example.com');
    expect(await errorOf('Email')).toBeNull();
    expect(await errorOf('Message')).toBe('Message is required');
    await page.close();
  });
});
