import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  fetchPage,
  requestJson,
  useBrowserSite,
  waitForPage,
} from './support';

const PASSCODE = 'test-passcode-123';

async function signIn(page: Page, passcode: string) {
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await page.getByLabel('Passcode').fill(passcode);
  await page.getByRole('button', { name: 'Submit' }).click();
}

const headings = (page: Page) => page.locator('article h2').allTextContents();

describe('blog in Chromium', () => {
  const site = useBrowserSite({ BLOG_ADMIN_PASSCODE: PASSCODE });

  function openBlog() {
    return site.open('/blog');
  }

  it('prerenders the seeded post and has no axe violations', async () => {
    const { html } = await fetchPage(site, '/blog');
    expect(html).toContain('Lunar Blog');
    expect(html).toContain('Welcome to Lunar');
    const { page, errors } = await openBlog();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Lunar Blog');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("asks 'Want to join the team?' and links both application forms", async () => {
    const html = await (await fetch(`${site.url}/blog`)).text();
    expect(html).toContain('Want to join the team?');
    const { page } = await site.open('/blog');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Apply as Moderator' }).getAttribute('href')).toBe(
      '/apply/moderator',
    );
    await main.getByRole('link', { name: 'Apply as Designer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Join Our Design Team' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/apply/designer');
    await page.close();
  });

  it('refuses a wrong passcode with the destructive toast and stays locked', async () => {
    const { page } = await openBlog();
    await signIn(page, 'not-the-passcode');
    const toast = page.getByRole('alert').filter({ hasText: 'Access denied' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Incorrect passcode.');
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    expect(await page.getByLabel('Title').count()).toBe(0);
    await page.close();
  });

  it('unlocks the editor with the right passcode; a saved post appears first; reload keeps the session', async () => {
    const { page, errors } = await openBlog();
    await signIn(page, PASSCODE);
    const toast = page.getByRole('status').filter({ hasText: 'Access granted' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('You can now edit blog posts.');
    expect(await page.getByRole('button', { name: 'Admin Login' }).count()).toBe(0);
    expect(await page.getByLabel('Passcode').count()).toBe(0);

    await page.getByLabel('Title').fill('Spring offers');
    await page.getByLabel('Content').fill('First paragraph.\n\nSecond paragraph.');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByRole('status').filter({ hasText: 'Post saved' }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    expect(await page.getByLabel('Content').inputValue()).toBe('');
    const firstPost = page.locator('article').first();
    expect(await firstPost.getByRole('heading').textContent()).toBe('Spring offers');
    expect(await firstPost.locator('p').allTextContents()).toEqual([
      'First paragraph.',
      'Second paragraph.',
    ]);

    await page.reload();
    await waitForPage(page);
    await page.getByLabel('Title').waitFor();
    expect(await page.getByRole('button', { name: 'Admin Login' }).count()).toBe(0);
    await expect
      .poll(() => page.locator('article').first().getByRole('heading').textContent())
      .toBe('Spring offers');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows markup in a post as text and never runs it', async () => {
    const { page } = await openBlog();
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await signIn(page, PASSCODE);
    await page.getByLabel('Title').waitFor();
    const payload = '<img src=x onerror=alert(1)>';
    await page.getByLabel('Title').fill('<script>alert(1)</script>');
    await page.getByLabel('Content').fill(payload);
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByRole('status').filter({ hasText: 'Post saved' }).waitFor();
    const first = page.locator('article').first();
    expect(await first.locator('p').first().textContent()).toBe(payload);
    expect(await first.locator('img').count()).toBe(0);

    await page.reload();
    await waitForPage(page);
    await expect
      .poll(() => page.locator('article').first().locator('p').first().textContent())
      .toBe(payload);
    expect(dialogs).toBe(0);
    // The prerendered HTML carries the markup escaped, never as tags.
    const { html } = await fetchPage(site, '/blog');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    await page.close();
  });

  it("refetches the list after saving, so it shows the server's posts without a reload", async () => {
    const { page, errors } = await openBlog();
    await signIn(page, PASSCODE);
    await page.getByLabel('Title').waitFor();
    // Another editor publishes while this page is open; this page has not seen it.
    const other = await requestJson(site, 'POST', '/api/blog/session', {
      body: { passcode: PASSCODE },
    });
    const published = await requestJson(site, 'POST', '/api/blog/posts', {
      body: { title: 'Published elsewhere', content: 'By another editor.' },
      cookies: other.cookies,
    });
    expect(published.status).toBe(201);
    expect(await headings(page)).not.toContain('Published elsewhere');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().endsWith('/api/blog/posts')) {
        listRequests.push(request.url());
      }
    });
    await page.getByLabel('Title').fill('Saved here');
    await page.getByLabel('Content').fill('By this editor.');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByRole('status').filter({ hasText: 'Post saved' }).waitFor();

    expect((await headings(page)).slice(0, 2)).toEqual(['Saved here', 'Published elsewhere']);
    expect(listRequests).toHaveLength(1);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
  it('opens a post on its own page, where an editor edits it, deletes it and signs out', async () => {
    const { page, errors } = await openBlog();
    await page.getByRole('link', { name: 'Welcome to Lunar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Lunar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog/welcome-to-lunar');
    expect(await page.title()).toBe('Welcome to Lunar — Lunar Blog');
    // Not signed in: no editor's tools.
    expect(await page.getByRole('button', { name: 'Edit post' }).count()).toBe(0);

    const session = await requestJson(site, 'POST', '/api/blog/session', {
      body: { passcode: PASSCODE },
    });
    const created = await requestJson(site, 'POST', '/api/blog/posts', {
      body: { title: 'Draft to fix', content: 'Typo here.' },
      cookies: session.cookies,
    });
    const { slug } = created.body as { slug: string };
    await page.goto(`${site.url}/blog`);
    await waitForPage(page);
    await signIn(page, PASSCODE);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('link', { name: 'Draft to fix' }).click();
    await page.getByRole('button', { name: 'Edit post' }).click();
    await page.getByLabel('Title').fill('Fixed post');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fixed post' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/blog/${slug}`);

    await page.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('button', { name: 'Really delete this post?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lunar Blog' }).waitFor();
    expect(await headings(page)).not.toContain('Fixed post');
    expect((await fetch(`${site.url}/blog/${slug}`)).status).toBe(404);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Admin Login' }).waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Its own site (and database), so the count of wrong passcodes starts at zero here, whatever
// other tests ran before.
describe('blog passcode limit in Chromium', () => {
  const site = useBrowserSite({ BLOG_ADMIN_PASSCODE: PASSCODE });

  it('refuses even the right passcode after 5 wrong ones, with the rate-limit message', async () => {
    const { page } = await site.open('/blog');
    await page.getByRole('button', { name: 'Admin Login' }).click();
    const submit = page.getByRole('button', { name: 'Submit' });
    const answer = () =>
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/blog/session') && response.request().method() === 'POST',
      );
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Passcode').fill(`wrong-${i}`);
      const answered = answer();
      await submit.click();
      expect((await answered).status()).toBe(401);
      await expect.poll(() => submit.isEnabled()).toBe(true);
    }
    await page.getByLabel('Passcode').fill(PASSCODE);
    const answered = answer();
    await submit.click();
    expect((await answered).status()).toBe(429);
    await page.getByRole('alert').filter({ hasText: 'Too many wrong passcodes' }).waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
    await page.close();
  });
});
