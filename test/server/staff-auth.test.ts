import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../core/auth';
import { createSessionsRepository } from '../../db/repositories/sessions';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { sessions } from '../../db/schema';
import { app } from '../../server/app';
import { requireRole } from '../../server/plugins/auth';
import { staffRouteFolder } from '../../server/routes/staff';
import { serverOptions } from '../../server/server-options';
import { freshIp, testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { SITE_ORIGIN } from '../support/staff';

const PASSCODE = 'test-passcode-123';

// Routes a later issue would put in the staff folder: one open to all staff, one for leads.
const testStaffRoutes: FastifyPluginAsync = async (scope) => {
  scope.get('/test/any', async () => ({ ok: true }));
  scope.get('/test/leads', { onRequest: requireRole('lead') }, async () => ({ ok: true }));
  scope.get('/test/verifiers', { preHandler: requireRole('payment_verifier') }, async () => ({
    ok: true,
  }));
};

/** The real app, plus a second staff folder holding the test routes under /api/staff. */
async function buildAppWithTestFolder(database: TestDatabase): Promise<FastifyInstance> {
  const config = testConfig({ BLOG_ADMIN_PASSCODE: PASSCODE });
  const fastify = Fastify({ ...serverOptions(config), logger: false });
  // Unencapsulated, so the folder registered beside it sees the auth decorators.
  await fastify.register(fp(app), { config, database });
  await fastify.register(staffRouteFolder([testStaffRoutes]), { prefix: '/api/staff' });
  await fastify.ready();
  return fastify;
}

describe.each(DRIVERS)('staff auth on %s', (driver) => {
  let database: TestDatabase;
  let server: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    server = await buildAppWithTestFolder(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  let nextDiscordId = 200_000_000_000_000_000n;
  /** A staff member with `roles` and the cookie of a fresh staff session. */
  const signInAs = async (...roles: StaffRole[]) => {
    const member = await createStaffUsersRepository(database.db).upsertByDiscordId({
      discordId: String(nextDiscordId++),
      username: `member-${roles.join('-') || 'none'}`,
      roles,
    });
    const { token } = await createSessionsRepository(database.db).create({
      scope: 'staff',
      staffUserId: member.id,
    });
    return { member, token, cookie: `lunar_staff=${token}` };
  };
  const signInWithPasscode = async () => {
    const response = await server.inject({
      method: 'POST',
      url: '/api/blog/session',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ passcode: PASSCODE }),
    });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  };
  const get = (url: string, cookie?: string) =>
    server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const savePost = (cookie?: string) =>
    server.inject({
      method: 'POST',
      url: '/api/blog/posts',
      // As the browser sends it: a cookie without Origin is refused (CSRF).
      headers: {
        'content-type': 'application/json',
        origin: SITE_ORIGIN,
        ...(cookie && { cookie }),
      },
      payload: JSON.stringify({ title: 'From the test', content: 'Hello.' }),
    });
  const canEditBlog = async (cookie: string) => (await get('/api/blog/session', cookie)).json();

  describe('without a session', () => {
    it.each(['/api/staff/me', '/api/staff/test/any', '/api/staff/test/leads'])(
      'answers 401 with a JSON message on %s',
      async (url) => {
        const response = await get(url);
        expect(response.statusCode).toBe(401);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.json()).toEqual({ message: 'Sign in with your staff account first.' });
        expect((await get(url, 'lunar_staff=forged')).statusCode).toBe(401);
      },
    );
  });

  describe('a plain staff member', () => {
    it('sees /api/staff/me: id, username, roles and rights', async () => {
      const { member, cookie } = await signInAs('staff');
      const response = await get('/api/staff/me', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        id: member.id,
        username: member.username,
        // No Discord name seen for this member: the username stands in.
        name: member.username,
        roles: ['staff'],
        rights: [],
      });
    });

    it('passes the folder hook but gets 403 on a lead-only route', async () => {
      const { cookie } = await signInAs('staff');
      expect((await get('/api/staff/test/any', cookie)).statusCode).toBe(200);
      const refused = await get('/api/staff/test/leads', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'This needs the Lead designer role.' });
    });

    it('cannot edit the blog (403) and the blog says so', async () => {
      const { cookie } = await signInAs('designer', 'payment_verifier');
      const response = await savePost(cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'Editing posts needs the Lead designer role or the blog passcode.',
      );
      expect(await canEditBlog(cookie)).toEqual({ admin: false });
    });
  });

  describe('roles that include others', () => {
    it('admits a lead, an executive and an owner to a lead-only route', async () => {
      for (const role of ['lead', 'executive', 'owner'] as const) {
        const { cookie } = await signInAs(role);
        expect((await get('/api/staff/test/leads', cookie)).statusCode).toBe(200);
      }
    });

    it('checks roles as a preHandler too: a designer who verifies payments gets in', async () => {
      expect(
        (await get('/api/staff/test/verifiers', (await signInAs('designer')).cookie)).statusCode,
      ).toBe(403);
      const both = await signInAs('designer', 'payment_verifier');
      expect((await get('/api/staff/test/verifiers', both.cookie)).statusCode).toBe(200);
    });

    it('lets a lead edit the blog', async () => {
      const { cookie } = await signInAs('lead');
      expect(await canEditBlog(cookie)).toEqual({ admin: true });
      const response = await savePost(cookie);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ title: 'From the test' });
      const me = await get('/api/staff/me', cookie);
      expect(me.json()).toMatchObject({ roles: ['lead'], rights: ['blog:edit'] });
    });

    it('reads roles on every request: a demoted lead loses the lead route at once', async () => {
      const { member, cookie } = await signInAs('lead');
      expect((await get('/api/staff/test/leads', cookie)).statusCode).toBe(200);
      await createStaffUsersRepository(database.db).setRoles(member.id, ['designer']);
      expect((await get('/api/staff/test/leads', cookie)).statusCode).toBe(403);
      // No roles at all: signed in, but no longer staff.
      await createStaffUsersRepository(database.db).setRoles(member.id, []);
      expect((await get('/api/staff/me', cookie)).statusCode).toBe(403);
    });
  });

  describe('the passcode session', () => {
    it('edits the blog but is no staff member: 401 on the staff folder', async () => {
      const cookie = await signInWithPasscode();
      expect(cookie).toMatch(/^lunar_blog=/);
      expect((await savePost(cookie)).statusCode).toBe(201);
      for (const url of ['/api/staff/me', '/api/staff/test/any', '/api/staff/test/leads']) {
        expect((await get(url, cookie)).statusCode).toBe(401);
      }
    });

    it('adds the blog right to a staff member who also typed the passcode', async () => {
      const staff = await signInAs('designer');
      const both = `${staff.cookie}; ${await signInWithPasscode()}`;
      expect((await savePost(both)).statusCode).toBe(201);
      expect((await get('/api/staff/me', both)).json()).toMatchObject({
        roles: ['designer'],
        rights: ['blog:edit'],
      });
    });
  });

  describe('session lifetime and storage', () => {
    const age = (token: string, set: PgUpdateSetSource<typeof sessions>) =>
      database.db
        .update(sessions)
        .set(set)
        .where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex')));

    it('answers 401 once the session has expired', async () => {
      const { token, cookie } = await signInAs('lead');
      await age(token, { expiresAt: sql`now() - interval '1 second'` });
      expect((await get('/api/staff/me', cookie)).statusCode).toBe(401);
      expect((await savePost(cookie)).statusCode).toBe(401);
    });

    it('answers 401 once the session has been idle too long', async () => {
      const { token, cookie } = await signInAs('lead');
      await age(token, { lastSeenAt: sql`now() - interval '13 hours'` });
      expect((await get('/api/staff/me', cookie)).statusCode).toBe(401);
    });

    it('honours a session only in the cookie of its own kind', async () => {
      const { token } = await signInAs('lead');
      expect((await get('/api/staff/me', `lunar_blog=${token}`)).statusCode).toBe(401);
      const passcodeToken = (await signInWithPasscode()).split('=')[1];
      expect((await savePost(`lunar_staff=${passcodeToken}`)).statusCode).toBe(401);
    });

    it('stores only the hash of each token', async () => {
      const { token } = await signInAs('staff');
      const passcodeToken = (await signInWithPasscode()).split('=')[1] ?? '';
      const rows = await database.db.select().from(sessions);
      for (const plain of [token, passcodeToken]) {
        const hash = createHash('sha256').update(plain).digest('hex');
        expect(rows.filter((row) => row.tokenHash === hash)).toHaveLength(1);
        expect(rows.flatMap((row) => Object.values(row))).not.toContain(plain);
      }
    });
  });
});
