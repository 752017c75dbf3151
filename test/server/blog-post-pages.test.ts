import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const PASSCODE = 'test-passcode-123';

// Each post's own prerendered page, its address (slug) and an editor's edit and delete.
describe.each(DRIVERS)('blog post pages on %s', (driver) => {
  const server = useTestApp(driver, {
    seed: true,
    web: true,
    env: { BLOG_ADMIN_PASSCODE: PASSCODE },
  });

  let cookie = '';
  async function editorCookie() {
    if (cookie) return cookie;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/blog/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ passcode: PASSCODE }),
    });
    cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
    return cookie;
  }
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: {
        origin: SITE_ORIGIN,
        cookie: await editorCookie(),
        ...(payload !== undefined && { 'content-type': 'application/json' }),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('serves the seeded post at /blog/welcome-to-lunar with its title, description and tags', async () => {
    const response = await get('/blog/welcome-to-lunar');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Welcome to Lunar — Lunar Blog</title>');
    expect(html).toMatch(
      /<meta name="description" content="Welcome to the Lunar blog! [^"]+…" \/>/,
    );
    expect(html).toContain(
      '<link rel="canonical" href="http://localhost:3000/blog/welcome-to-lunar" />',
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:title" content="Welcome to Lunar — Lunar Blog" />');
    expect(html).toContain(
      '<meta property="og:url" content="http://localhost:3000/blog/welcome-to-lunar" />',
    );
    expect(html).toContain('<meta name="twitter:title" content="Welcome to Lunar — Lunar Blog" />');
    // The post itself, readable without JavaScript.
    expect(html).toMatch(/<h1[^>]*>Welcome to Lunar<\/h1>/);
    expect(html).toContain('Every order starts with a ticket in our Discord server.');
  });

  it("links every post from /blog, which offers 'Admin Login' (passcode sign-in is on)", async () => {
    const html = (await get('/blog')).body;
    expect(html).toContain('href="/blog/welcome-to-lunar"');
    expect(html).toContain('Admin Login');
  });

  it.each([
    '/blog/no-such-post',
    '/blog/%C3%A9t%C3%A9',
    '/blog/%F0%9F%8C%99',
    '/blog/%00',
    '/blog/Welcome%20to%20Lunar',
    `/blog/${'a'.repeat(500)}`,
  ])('answers %s with the 404 page, never a 500', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('answers a malformed percent-encoding with a 4xx from the router, never a 500', async () => {
    const response = await get('/blog/%FF%FE');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('gives a new post the first free slug of its title and keeps it on edit', async () => {
    const first = await send('POST', '/api/blog/posts', { title: 'Summer Sale!', content: 'A' });
    const second = await send('POST', '/api/blog/posts', { title: 'Summer sale', content: 'B' });
    const third = await send('POST', '/api/blog/posts', { title: 'SUMMER  sale ', content: 'C' });
    expect([first, second, third].map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect([first, second, third].map((response) => response.json().slug)).toEqual([
      'summer-sale',
      'summer-sale-2',
      'summer-sale-3',
    ]);

    const id = second.json().id as number;
    const edited = await send('PUT', `/api/blog/posts/${id}`, {
      title: 'Autumn deals',
      content: 'Changed text',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, slug: 'summer-sale-2', title: 'Autumn deals' });

    const page = await get('/blog/summer-sale-2');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Autumn deals — Lunar Blog</title>');
    expect(page.body).toContain('Changed text');

    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('<loc>http://localhost:3000/blog/summer-sale-2</loc>');
    expect(sitemap).toContain('<loc>http://localhost:3000/blog/welcome-to-lunar</loc>');
  });

  it('refuses a second row with a taken slug (unique index)', async () => {
    await expect(
      server.database.db
        .insert(blogPosts)
        .values({ slug: 'welcome-to-lunar', title: 'x', content: 'y', publishedOn: '2025-01-01' }),
    ).rejects.toThrow();
  });

  it('deletes a post: its page is then a 404 and it leaves the sitemap', async () => {
    const created = await send('POST', '/api/blog/posts', { title: 'Short lived', content: 'x' });
    const { id, slug } = created.json() as { id: number; slug: string };
    expect((await get(`/blog/${slug}`)).statusCode).toBe(200);

    const deleted = await send('DELETE', `/api/blog/posts/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await server.database.db.select().from(blogPosts).where(eq(blogPosts.id, id))).toEqual(
      [],
    );
    expect((await get(`/blog/${slug}`)).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain(`/blog/${slug}<`);
    expect((await send('DELETE', `/api/blog/posts/${id}`)).statusCode).toBe(404);
  });

  it('lets only editors edit and delete, and checks the input', async () => {
    const [post] = await server.database.db.select().from(blogPosts).limit(1);
    if (!post) throw new Error('no post');
    const stranger = (method: 'PUT' | 'DELETE') =>
      server.app.inject({
        method,
        url: `/api/blog/posts/${post.id}`,
        headers: { origin: SITE_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ title: 'Hacked', content: 'Hacked' }),
      });
    expect((await stranger('PUT')).statusCode).toBe(401);
    expect((await stranger('DELETE')).statusCode).toBe(401);

    const empty = await send('PUT', `/api/blog/posts/${post.id}`, { title: ' ', content: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.title).toBe('Title is required');
    expect(
      (await send('PUT', '/api/blog/posts/999999', { title: 'a', content: 'b' })).statusCode,
    ).toBe(404);
    expect(
      (await send('PUT', '/api/blog/posts/abc', { title: 'a', content: 'b' })).statusCode,
    ).toBe(400);
    const [unchanged] = await server.database.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.id, post.id));
    expect(unchanged?.title).toBe(post.title);
  });

  it('signs an editor out', async () => {
    const out = await send('DELETE', '/api/blog/session');
    expect(out.json()).toEqual({ admin: false });
    const state = await server.app.inject({
      method: 'GET',
      url: '/api/blog/session',
      headers: { cookie: await editorCookie() },
    });
    expect(state.json()).toEqual({ admin: false });
  });
});

describe('the blog without passcode sign-in', () => {
  const server = useTestApp('pglite', { seed: true, web: true });

  it("offers no 'Admin Login' when BLOG_ADMIN_PASSCODE is unset", async () => {
    const html = (await server.app.inject({ method: 'GET', url: '/blog' })).body;
    expect(html).toContain('Welcome to Lunar');
    expect(html).not.toContain('Admin Login');
  });
});
