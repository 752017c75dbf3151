import { beforeAll, describe, expect, it } from 'vitest';
import { BlogPostsPageSchema } from '../../core/blog/schema';
import { encodeCursor } from '../../core/shared/page';
import { blogPosts, sessions } from '../../db/schema';
import { buildTestApp, freshIp } from '../support/app';
import { DRIVERS } from '../support/database';
import { countRows } from '../support/rows';
import { SITE_ORIGIN } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const PASSCODE = 'test-passcode-123';

describe.each(DRIVERS)('blog API on %s', (driver) => {
  const server = useTestApp(driver, { seed: true, env: { BLOG_ADMIN_PASSCODE: PASSCODE } });

  const countPosts = () => countRows(server.database.db, blogPosts);
  const signIn = (passcode: unknown, remoteAddress = freshIp()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/blog/session',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ passcode }),
    });
  const cookieFrom = (response: Awaited<ReturnType<typeof signIn>>) => {
    const header = String(response.headers['set-cookie']);
    return header.split(';')[0] ?? '';
  };
  const savePost = (payload: unknown, cookie?: string, contentType = 'application/json') =>
    server.app.inject({
      method: 'POST',
      url: '/api/blog/posts',
      // As the browser sends it: a cookie without Origin is refused (CSRF).
      headers: { 'content-type': contentType, origin: SITE_ORIGIN, ...(cookie && { cookie }) },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('lists the seeded post with the spec fields', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/blog/posts' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items[0]).toMatchObject({ title: 'Welcome to Lunar', date: '2024-03-19' });
    expect(Object.keys(body.items[0]).sort()).toEqual([
      'content',
      'date',
      'description',
      'id',
      'slug',
      'title',
    ]);
    expect(body.nextCursor).toBeNull();
  });

  it('answers 401 "Incorrect passcode." for a wrong passcode and sets no cookie', async () => {
    const response = await signIn('wrong-passcode');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Incorrect passcode.');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with the right passcode: HttpOnly, SameSite=Lax, Path=/ cookie, hash stored', async () => {
    const response = await signIn(PASSCODE);
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^lunar_blog=[\w-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    // The test config's public URL is http://localhost, where browsers refuse Secure cookies.
    expect(header).not.toContain('Secure');
    const token = cookieFrom(response).split('=')[1];
    const rows = await server.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.some((row) => row.scope === 'blog_admin')).toBe(true);

    const state = await server.app.inject({
      method: 'GET',
      url: '/api/blog/session',
      headers: { cookie: cookieFrom(response) },
    });
    expect(state.json()).toEqual({ admin: true });
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secureApp = await buildTestApp(server.database, {
      env: { BLOG_ADMIN_PASSCODE: PASSCODE, PUBLIC_URL: 'https://lunar.example' },
    });
    const response = await secureApp.inject({
      method: 'POST',
      url: '/api/blog/session',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ passcode: PASSCODE }),
    });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
    await secureApp.close();
  });

  it('refuses the 6th try after 5 wrong ones with 429, even when it is right', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong-${i}`, ip)).statusCode).toBe(401);
    const right = await signIn(PASSCODE, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(
      /^Too many wrong passcodes\. Try again in \d+ minutes?\.$/,
    );
    expect(right.headers['set-cookie']).toBeUndefined();
    // Other addresses still sign in.
    expect((await signIn(PASSCODE)).statusCode).toBe(200);
  });

  it('validates the passcode body', async () => {
    expect((await signIn(123)).statusCode).toBe(400);
    expect((await signIn('')).statusCode).toBe(400);
    expect((await signIn('x'.repeat(201))).statusCode).toBe(400);
  });

  it('answers 403 when no passcode is configured', async () => {
    const closedApp = await buildTestApp(server.database);
    const response = await closedApp.inject({
      method: 'POST',
      url: '/api/blog/session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ passcode: PASSCODE }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Passcode sign-in is turned off on this site.');
    await closedApp.close();
  });

  it('refuses to save a post without a session (401) and stores nothing', async () => {
    const before = await countPosts();
    const response = await savePost({ title: 'Hi', content: 'There' });
    expect(response.statusCode).toBe(401);
    const forged = await savePost({ title: 'Hi', content: 'There' }, 'lunar_blog=forged');
    expect(forged.statusCode).toBe(401);
    expect(await countPosts()).toBe(before);
  });

  it('saves a post with the session cookie (201) and lists it first, dated today', async () => {
    const cookie = cookieFrom(await signIn(PASSCODE));
    const response = await savePost({ title: '  New offer  ', content: 'Details inside.' }, cookie);
    expect(response.statusCode).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.json()).toMatchObject({
      title: 'New offer',
      content: 'Details inside.',
      date: today,
    });
    const list = await server.app.inject({ method: 'GET', url: '/api/blog/posts' });
    expect(list.json().items[0]).toEqual(response.json());
  });

  it('keeps a script payload as plain text in the JSON', async () => {
    const cookie = cookieFrom(await signIn(PASSCODE));
    const script = '<script>alert(1)</script>';
    const response = await savePost({ title: script, content: script }, cookie);
    expect(response.statusCode).toBe(201);
    const list = await server.app.inject({ method: 'GET', url: '/api/blog/posts' });
    expect(list.headers['content-type']).toContain('application/json');
    expect(list.json().items[0]).toMatchObject({ title: script, content: script });
  });

  describe('bad post bodies (signed in)', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = cookieFrom(await signIn(PASSCODE));
    });

    const cases: [string, unknown, Record<string, string>][] = [
      ['missing fields', {}, { title: 'Title is required', content: 'Content is required' }],
      ['a number for the title', { title: 7, content: 'x' }, { title: 'Title is required' }],
      [
        'an array for the content',
        { title: 'x', content: ['a'] },
        { content: 'Content is required' },
      ],
      [
        'an oversize title',
        { title: 'x'.repeat(201), content: 'x' },
        { title: 'Title must be at most 200 characters' },
      ],
      [
        'oversize content',
        { title: 'x', content: 'x'.repeat(20001) },
        { content: 'Content must be at most 20000 characters' },
      ],
    ];
    it.each(cases)('answers 400 for %s and stores nothing', async (_, body, errors) => {
      const before = await countPosts();
      const response = await savePost(body, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toMatchObject(errors);
      expect(await countPosts()).toBe(before);
    });

    it('answers 413 over 256 KB and 415 for non-JSON, storing nothing', async () => {
      const before = await countPosts();
      const huge = await savePost({ title: 'x', content: 'x'.repeat(300 * 1024) }, cookie);
      expect(huge.statusCode).toBe(413);
      const text = await savePost('title=x', cookie, 'text/plain');
      expect(text.statusCode).toBe(415);
      expect(await countPosts()).toBe(before);
    });
  });

  it('signs out with DELETE', async () => {
    const cookie = cookieFrom(await signIn(PASSCODE));
    const out = await server.app.inject({
      method: 'DELETE',
      url: '/api/blog/session',
      headers: { cookie, origin: SITE_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    const state = await server.app.inject({
      method: 'GET',
      url: '/api/blog/session',
      headers: { cookie },
    });
    expect(state.json()).toEqual({ admin: false });
    expect((await savePost({ title: 'x', content: 'y' }, cookie)).statusCode).toBe(401);
  });

  it('pages newest first with a bounded limit and a cursor', async () => {
    const cookie = cookieFrom(await signIn(PASSCODE));
    for (const title of ['A', 'B', 'C']) await savePost({ title, content: title }, cookie);
    const first = (
      await server.app.inject({ method: 'GET', url: '/api/blog/posts?limit=2' })
    ).json();
    expect(first.items.map((p: { title: string }) => p.title)).toEqual(['C', 'B']);
    const second = (
      await server.app.inject({
        method: 'GET',
        url: `/api/blog/posts?limit=2&cursor=${first.nextCursor}`,
      })
    ).json();
    expect(second.items[0].title).toBe('A');
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/blog/posts?limit=500' })).statusCode,
    ).toBe(400);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/blog/posts?cursor=x' })).statusCode,
    ).toBe(400);
  });

  it('answers 400, never 500, for a cursor that was edited or made up', async () => {
    const cursors = [
      // The old plain "date.id" cursors: an impossible date, an id past Postgres' integer.
      '2024-02-30.1',
      '2024-01-01.2147483648',
      // The same positions, encoded the way real cursors are.
      encodeCursor({ date: '2024-02-30', id: 1 }),
      encodeCursor({ date: '2024-01-01', id: 2147483648 }),
      encodeCursor({ date: '0000-01-01', id: 1 }),
      encodeCursor({ date: '2024-01-01' }),
      encodeCursor('2024-01-01'),
      Buffer.from('{"date":').toString('base64url'),
      Buffer.from([0xff, 0xfe]).toString('base64url'),
      'a'.repeat(600),
    ];
    for (const cursor of cursors) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/blog/posts?cursor=${encodeURIComponent(cursor)}`,
      });
      expect({ cursor, status: response.statusCode }).toEqual({ cursor, status: 400 });
      expect(response.json().fieldErrors).toHaveProperty('cursor');
    }
    const valid = encodeCursor({ date: '2024-01-01', id: 2147483647 });
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/blog/posts?cursor=${valid}`,
    });
    expect(response.statusCode).toBe(200);
    expect(BlogPostsPageSchema.parse(response.json())).toEqual({ items: [], nextCursor: null });
  });
});
