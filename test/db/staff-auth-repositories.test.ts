import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../core/auth';
import { createSessionsRepository, hashSessionToken } from '../../db/repositories/sessions';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';
import { sessions } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

let nextDiscordId = 100_000_000_000_000_000n;
const aMember = (roles: StaffRole[], username = `member${nextDiscordId % 1000n}`) => ({
  discordId: String(nextDiscordId++),
  username,
  roles,
});

// drizzle wraps the driver's error; the constraint's name is in its cause.
async function databaseError(query: Promise<unknown>): Promise<string> {
  try {
    await query;
    return 'none';
  } catch (error) {
    return (error as { cause?: Error }).cause?.message ?? String(error);
  }
}

describe.each(DRIVERS)('staff users and sessions repositories on %s', (driver) => {
  let database: TestDatabase;
  const staffUsers = () => createStaffUsersRepository(database.db);
  const sessionsRepo = () => createSessionsRepository(database.db);
  const sessionRow = async (token: string) => {
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(token)));
    return row;
  };
  const ageSession = (token: string, set: PgUpdateSetSource<typeof sessions>) =>
    database.db
      .update(sessions)
      .set(set)
      .where(eq(sessions.tokenHash, hashSessionToken(token)));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  describe('staff users', () => {
    it('creates a member with several roles, stored once each in vocabulary order', async () => {
      const input = aMember(['payment_verifier', 'designer', 'designer']);
      const created = await staffUsers().upsertByDiscordId(input);
      expect(created).toMatchObject({
        discordId: input.discordId,
        username: input.username,
        roles: ['designer', 'payment_verifier'],
        lastLoginAt: null,
      });
      expect(await staffUsers().findById(created.id)).toEqual(created);
      expect(await staffUsers().findByDiscordId(input.discordId)).toEqual(created);
    });

    it('refreshes name and roles on the next upsert, keeping the id', async () => {
      const input = aMember(['designer']);
      const first = await staffUsers().upsertByDiscordId(input);
      await database.db.execute(
        sql`update staff_users set roles_checked_at = now() - interval '1 hour' where id = ${first.id}`,
      );
      const again = await staffUsers().upsertByDiscordId({
        ...input,
        username: 'renamed',
        roles: ['lead'],
      });
      expect(again).toMatchObject({ id: first.id, username: 'renamed', roles: ['lead'] });
      expect(again.rolesCheckedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('sets roles (empty: no longer staff) and answers null for unknown members', async () => {
      const member = await staffUsers().upsertByDiscordId(aMember(['lead']));
      expect((await staffUsers().setRoles(member.id, ['owner', 'designer']))?.roles).toEqual([
        'designer',
        'owner',
      ]);
      expect((await staffUsers().setRoles(member.id, []))?.roles).toEqual([]);
      expect(await staffUsers().setRoles(999_999, ['lead'])).toBeNull();
      expect(await staffUsers().findById(999_999)).toBeNull();
      expect(await staffUsers().findByDiscordId('1')).toBeNull();
    });

    it('lists members by username', async () => {
      await staffUsers().upsertByDiscordId(aMember(['staff'], 'zed'));
      await staffUsers().upsertByDiscordId(aMember(['staff'], 'amy'));
      const names = (await staffUsers().list()).map((member) => member.username);
      expect(names).toEqual([...names].sort());
      expect(names).toEqual(expect.arrayContaining(['amy', 'zed']));
    });
  });

  describe('sessions', () => {
    it('stores only the hash of the token', async () => {
      const { token } = await sessionsRepo().create({ scope: 'blog_admin' });
      const row = await sessionRow(token);
      expect(row?.tokenHash).toBe(hashSessionToken(token));
      expect(Object.values(row ?? {})).not.toContain(token);
    });

    it('finds a staff session with its member and current roles', async () => {
      const member = await staffUsers().upsertByDiscordId(aMember(['designer']));
      const { token } = await sessionsRepo().create({ scope: 'staff', staffUserId: member.id });
      expect(await sessionsRepo().find(token)).toMatchObject({
        scope: 'staff',
        staff: { id: member.id, username: member.username, roles: ['designer'] },
      });
      await staffUsers().setRoles(member.id, ['lead']);
      expect((await sessionsRepo().find(token))?.staff?.roles).toEqual(['lead']);
      expect(await sessionsRepo().find('not-a-token')).toBeNull();
    });

    it('gives a passcode session no member and no idle timeout', async () => {
      const { token } = await sessionsRepo().create({ scope: 'blog_admin' });
      expect(await sessionsRepo().find(token)).toMatchObject({ scope: 'blog_admin', staff: null });
      expect((await sessionRow(token))?.idleTimeoutSeconds).toBeNull();
    });

    it('ends a session at its absolute expiry', async () => {
      const { token } = await sessionsRepo().create({ scope: 'blog_admin' });
      await ageSession(token, { expiresAt: sql`now() - interval '1 second'` });
      expect(await sessionsRepo().find(token)).toBeNull();
    });

    it('ends a staff session left idle past its timeout, and only then', async () => {
      const member = await staffUsers().upsertByDiscordId(aMember(['staff']));
      const { token } = await sessionsRepo().create({ scope: 'staff', staffUserId: member.id });
      const idleSeconds = (await sessionRow(token))?.idleTimeoutSeconds ?? 0;
      expect(idleSeconds).toBe(12 * 60 * 60);
      await ageSession(token, {
        lastSeenAt: sql`now() - ${idleSeconds - 60} * interval '1 second'`,
      });
      expect(await sessionsRepo().find(token)).not.toBeNull();
      await ageSession(token, {
        lastSeenAt: sql`now() - ${idleSeconds + 1} * interval '1 second'`,
      });
      expect(await sessionsRepo().find(token)).toBeNull();
    });

    it('marks a session seen at most once a minute', async () => {
      const { token } = await sessionsRepo().create({ scope: 'blog_admin' });
      await ageSession(token, { lastSeenAt: sql`now() - interval '30 seconds'` });
      const recent = (await sessionRow(token))?.lastSeenAt;
      await sessionsRepo().find(token);
      expect((await sessionRow(token))?.lastSeenAt).toEqual(recent);

      await ageSession(token, { lastSeenAt: sql`now() - interval '2 minutes'` });
      await sessionsRepo().find(token);
      const seen = (await sessionRow(token))?.lastSeenAt;
      expect(seen?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('sweeps expired and idle sessions, keeping live ones', async () => {
      const member = await staffUsers().upsertByDiscordId(aMember(['staff']));
      const live = await sessionsRepo().create({ scope: 'staff', staffUserId: member.id });
      const expired = await sessionsRepo().create({ scope: 'blog_admin' });
      const idle = await sessionsRepo().create({ scope: 'staff', staffUserId: member.id });
      await ageSession(expired.token, { expiresAt: sql`now() - interval '1 second'` });
      await ageSession(idle.token, { lastSeenAt: sql`now() - interval '13 hours'` });
      await sessionsRepo().deleteExpired();
      expect(await sessionRow(live.token)).toBeDefined();
      expect(await sessionRow(expired.token)).toBeUndefined();
      expect(await sessionRow(idle.token)).toBeUndefined();
    });

    it('refuses a staff session without a member and a passcode session with one', async () => {
      const member = await staffUsers().upsertByDiscordId(aMember(['staff']));
      const insert = (scope: 'staff' | 'blog_admin', staffUserId: number | null) =>
        database.db.insert(sessions).values({
          tokenHash: `h-${scope}-${staffUserId}`,
          scope,
          staffUserId,
          expiresAt: sql`now() + interval '1 hour'`,
        });
      expect(await databaseError(insert('staff', null))).toMatch(
        /sessions_staff_user_matches_scope/,
      );
      expect(await databaseError(insert('blog_admin', member.id))).toMatch(
        /sessions_staff_user_matches_scope/,
      );
    });

    it("ends a member's sessions when the member is deleted", async () => {
      const member = await staffUsers().upsertByDiscordId(aMember(['lead']));
      const { token } = await sessionsRepo().create({ scope: 'staff', staffUserId: member.id });
      await database.db.execute(sql`delete from staff_users where id = ${member.id}`);
      expect(await sessionRow(token)).toBeUndefined();
    });
  });
});
