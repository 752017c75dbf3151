import { describe, expect, it } from 'vitest';
import { freshIp } from '../support/app';
import { DRIVERS } from '../support/database';
import { signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

const REFUSAL = { message: 'This request did not come from this site, so it was refused.' };

describe.each(DRIVERS)('cross-site request forgery on %s', (driver) => {
  const server = useTestApp(driver, {
    env: { BLOG_ADMIN_PASSCODE: 'test-passcode-123', PUBLIC_URL: 'https://lunar.example' },
  });
  const SITE = 'https://lunar.example';

  const savePost = async (headers: Record<string, string>) => {
    const { cookie } = await signInAsStaff(server.database.db, ['lead']);
    return server.app.inject({
      method: 'POST',
      url: '/api/blog/posts',
      headers: { cookie, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ title: 'Forged?', content: 'Maybe.' }),
    });
  };

  it('refuses a state-changing request with a session cookie from another origin (403)', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://lunar.example']) {
      const response = await savePost({ origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual(REFUSAL);
    }
  });

  it('refuses one a browser marks cross-site, and one with a cookie but no Origin at all', async () => {
    expect((await savePost({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await savePost({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await savePost({})).statusCode).toBe(403);
  });

  it('accepts the same request from the site: its Origin, or Sec-Fetch-Site same-origin', async () => {
    expect((await savePost({ origin: SITE })).statusCode).toBe(201);
    expect((await savePost({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('accepts the Origin of the host the request was sent to (a site reached by another name)', async () => {
    const response = await savePost({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses sign-out and passcode sign-in from another site', async () => {
    const { cookie } = await signInAsStaff(server.database.db, ['staff']);
    const signOut = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(signOut.statusCode).toBe(403);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } }))
        .statusCode,
    ).toBe(200);
    // No cookie yet, but a foreign page must not sign a visitor in either.
    const passcode = await server.app.inject({
      method: 'POST',
      url: '/api/blog/session',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: JSON.stringify({ passcode: 'test-passcode-123' }),
    });
    expect(passcode.statusCode).toBe(403);
    expect(passcode.cookies).toEqual([]);
  });

  it('leaves cookie-less form posts from scripts and tests alone (no Origin, no cookie)', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/blog/session',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ passcode: 'test-passcode-123' }),
    });
    expect(response.statusCode).toBe(200);
  });

  it('never blocks reads: a GET from another origin with a cookie is answered', async () => {
    const { cookie } = await signInAsStaff(server.database.db, ['staff']);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/staff/me',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});
