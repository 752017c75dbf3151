import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OWNER_ID, type StaffRole } from '../../core/auth';
import { hashSessionToken } from '../../db/repositories/sessions';
import { createSignInLink } from '../../db/repositories/sign-in-links';
import { sessions, staffUsers } from '../../db/schema';
import { buildTestApp, freshIp } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { cookieSet, type SignInDiscord, startSignInDiscord } from '../support/sign-in';
import { SITE_ORIGIN } from '../support/staff';

describe.each(DRIVERS)('staff sessions on %s', (driver) => {
  let discord: SignInDiscord;
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    discord = await startSignInDiscord();
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { env: discord.env, web: true });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await discord?.fake.close();
  });

  /** Signs `discordId` in with a link carrying `roles`; the session's cookie and token. */
  const signIn = async (discordId: string, roles: StaffRole[]) => {
    const path = await createSignInLink(database.db, { discordId, username: 'member', roles });
    const response = await app.inject({ method: 'GET', url: path, remoteAddress: freshIp() });
    const cookie = cookieSet(response, 'lunar_staff');
    if (!cookie) throw new Error(`no session: ${response.headers.location}`);
    return { cookie, token: cookie.split('=')[1] ?? '' };
  };
  const me = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } });
  const sessionRows = (token: string) =>
    database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(token)));
  const memberRow = async (discordId: string) =>
    (await database.db.select().from(staffUsers).where(eq(staffUsers.discordId, discordId)))[0];
  /** Moves the time the member's roles were last read from Discord back by `interval`. */
  const ageRoles = (discordId: string, interval: string) =>
    database.db
      .update(staffUsers)
      .set({ rolesCheckedAt: sql`now() - ${sql.raw(`interval '${interval}'`)}` as SQL })
      .where(eq(staffUsers.discordId, discordId));
  const memberReads = (userId: string) =>
    discord.fake.requests.filter(
      (request) => request.method === 'GET' && request.path.endsWith(`/members/${userId}`),
    ).length;

  describe('the sign-in page’s status', () => {
    const status = (cookie?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: cookie ? { cookie } : {},
      });

    it('answers 200 signed out (an expected state, not an error) and names the member signed in', async () => {
      const out = await status();
      expect(out.statusCode).toBe(200);
      expect(out.headers['cache-control']).toBe('no-store');
      expect(out.json()).toEqual({ signedIn: false });
      const unknown = await status(`lunar_staff=${'x'.repeat(43)}`);
      expect(unknown.json()).toEqual({ signedIn: false });

      const member = discord.addMember(['staff']);
      const { cookie } = await signIn(member.id, ['staff']);
      const signedIn = await status(cookie);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toEqual({ signedIn: true, username: 'member' });
      await app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { cookie, origin: SITE_ORIGIN },
      });
      expect((await status(cookie)).json()).toEqual({ signedIn: false });
    });
  });

  describe('signing out', () => {
    it('ends the session on the server: row gone, cookie cleared, the old cookie refused', async () => {
      const member = discord.addMember(['designer']);
      const { cookie, token } = await signIn(member.id, ['designer']);
      expect((await me(cookie)).statusCode).toBe(200);

      const out = await app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { cookie, origin: SITE_ORIGIN },
      });
      expect(out.statusCode).toBe(204);
      const cleared = out.cookies.find((item) => item.name === 'lunar_staff');
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
      expect(await sessionRows(token)).toEqual([]);
      // Someone who copied the cookie before sign-out gets nothing with it.
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('ends a passcode session the browser holds too', async () => {
      const passcodeApp = await buildTestApp(database, {
        env: { BLOG_ADMIN_PASSCODE: 'test-passcode-123' },
      });
      const signedIn = await passcodeApp.inject({
        method: 'POST',
        url: '/api/blog/session',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ passcode: 'test-passcode-123' }),
        remoteAddress: freshIp(),
      });
      const blogCookie = cookieSet(signedIn, 'lunar_blog') ?? '';
      const out = await passcodeApp.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { cookie: blogCookie, origin: SITE_ORIGIN },
      });
      expect(out.statusCode).toBe(204);
      expect(await sessionRows(blogCookie.split('=')[1] ?? '')).toEqual([]);
      await passcodeApp.close();
    });
  });

  describe('expiry', () => {
    it('refuses a session past its lifetime or idle too long, and sends its pages to sign-in', async () => {
      for (const aged of [
        { expiresAt: sql`now() - interval '1 second'` },
        { lastSeenAt: sql`now() - interval '13 hours'` },
      ]) {
        const member = discord.addMember(['lead']);
        const { cookie, token } = await signIn(member.id, ['lead']);
        await database.db
          .update(sessions)
          .set(aged)
          .where(eq(sessions.tokenHash, hashSessionToken(token)));
        expect((await me(cookie)).statusCode).toBe(401);
        const page = await app.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { cookie },
        });
        expect(page.statusCode).toBe(302);
        expect(page.headers.location).toBe('/signin?next=%2Fdashboard');
      }
    });
  });

  describe('roles re-read from Discord', () => {
    it('a lead demoted in Discord keeps lead until the roles are 10 minutes old, then loses it', async () => {
      const member = discord.addMember(['lead']);
      const { cookie } = await signIn(member.id, ['lead']);
      discord.fake.setMemberRoles(member.id, [discord.roleIds.designer]);
      const reads = memberReads(member.id);

      await ageRoles(member.id, '9 minutes');
      expect((await me(cookie)).json().roles).toEqual(['lead']);
      expect(memberReads(member.id)).toBe(reads);

      await ageRoles(member.id, '10 minutes 1 second');
      expect((await me(cookie)).json().roles).toEqual(['designer']);
      expect(memberReads(member.id)).toBe(reads + 1);
      expect((await memberRow(member.id))?.roles).toEqual(['designer']);
      // Read again only after another ten minutes.
      await me(cookie);
      expect(memberReads(member.id)).toBe(reads + 1);
    });

    it('a member removed from the server loses access: sessions ended, 401, pages to sign-in', async () => {
      const member = discord.addMember(['executive']);
      const first = await signIn(member.id, ['executive']);
      const second = await signIn(member.id, ['executive']);
      discord.fake.removeMember(member.id);
      await ageRoles(member.id, '11 minutes');

      expect((await me(first.cookie)).statusCode).toBe(401);
      expect(await sessionRows(first.token)).toEqual([]);
      expect(await sessionRows(second.token)).toEqual([]);
      expect((await memberRow(member.id))?.roles).toEqual([]);
      const page = await app.inject({
        method: 'GET',
        url: '/staff/ticket-procedure',
        headers: { cookie: second.cookie },
      });
      expect(page.headers.location).toBe('/signin?next=%2Fstaff%2Fticket-procedure');
    });

    it('a member who lost every staff role in Discord is signed out the same way', async () => {
      const member = discord.addMember(['staff']);
      const { cookie, token } = await signIn(member.id, ['staff']);
      discord.fake.setMemberRoles(member.id, []);
      await ageRoles(member.id, '11 minutes');
      expect((await me(cookie)).statusCode).toBe(401);
      expect(await sessionRows(token)).toEqual([]);
    });

    it('keeps the stored roles while Discord is down, and tries again a minute later', async () => {
      const member = discord.addMember(['lead']);
      const { cookie } = await signIn(member.id, ['lead']);
      discord.fake.removeMember(member.id);
      await ageRoles(member.id, '11 minutes');
      discord.fake.failNext(1, { status: 503 }, { path: /\/members\/\d+$/ });

      const during = await me(cookie);
      expect(during.statusCode).toBe(200);
      expect(during.json().roles).toEqual(['lead']);
      // Stale again in a minute, not in ten.
      const [checked] = await database.db
        .select({
          minutesAgo: sql<number>`extract(epoch from now() - ${staffUsers.rolesCheckedAt}) / 60`,
        })
        .from(staffUsers)
        .where(eq(staffUsers.discordId, member.id));
      expect(Number(checked?.minutesAgo)).toBeGreaterThan(8.9);
      expect(Number(checked?.minutesAgo)).toBeLessThan(9.1);

      await ageRoles(member.id, '10 minutes 1 second');
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('keeps the owner role, which never comes from Discord', async () => {
      const member = discord.addMember([]);
      const { cookie } = await signIn(member.id, ['owner']);
      await ageRoles(member.id, '11 minutes');
      const reads = memberReads(member.id);
      expect((await me(cookie)).json().roles).toEqual(['owner']);
      expect(memberReads(member.id)).toBe(reads + 1);
    });

    it('never asks Discord about the local owner from the console link', async () => {
      const { cookie } = await signIn(LOCAL_OWNER_ID, ['owner']);
      await ageRoles(LOCAL_OWNER_ID, '11 minutes');
      const before = discord.fake.requests.length;
      expect((await me(cookie)).json().roles).toEqual(['owner']);
      expect(discord.fake.requests.length).toBe(before);
    });

    it('reads Discord once when several requests find the roles stale together', async () => {
      const member = discord.addMember(['designer']);
      const { cookie } = await signIn(member.id, ['designer']);
      await ageRoles(member.id, '11 minutes');
      const reads = memberReads(member.id);
      const answers = await Promise.all(Array.from({ length: 4 }, () => me(cookie)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(memberReads(member.id)).toBe(reads + 1);
    });
  });
});
