import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, staffUsers } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { migrateFrom, migrationsBefore } from '../support/migrations';

// The hand-written part of the migration: existing staff keep their single role as a list.
describe.each(DRIVERS)('staff roles migration on %s', (driver) => {
  let database: TestDatabase;
  let old: ReturnType<typeof migrationsBefore>;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    old = migrationsBefore('_staff_roles');
  });
  afterAll(async () => {
    await database.close();
    old.remove();
  });

  it('turns each single role into a one-role list and keeps the sessions', async () => {
    await migrateFrom(driver, database, old.folder);
    await database.db.execute(sql`
      insert into staff_users (discord_id, username, role)
      values ('111', 'plain', 'staff'), ('222', 'leader', 'lead'), ('333', 'boss', 'executive')`);
    await database.db.execute(sql`
      insert into sessions (token_hash, scope, staff_user_id, expires_at)
      select 'staff-hash', 'staff'::session_scope, id, now() + interval '1 hour'
      from staff_users where discord_id = '222'
      union all select 'passcode-hash', 'blog_admin'::session_scope, null, now() + interval '1 hour'`);

    await database.migrate();

    const members = await database.db
      .select({ username: staffUsers.username, roles: staffUsers.roles })
      .from(staffUsers)
      .orderBy(asc(staffUsers.discordId));
    expect(members).toEqual([
      { username: 'plain', roles: ['staff'] },
      { username: 'leader', roles: ['lead'] },
      { username: 'boss', roles: ['executive'] },
    ]);
    const kept = await database.db
      .select({ tokenHash: sessions.tokenHash, idle: sessions.idleTimeoutSeconds })
      .from(sessions)
      .orderBy(asc(sessions.tokenHash));
    expect(kept).toEqual([
      { tokenHash: 'passcode-hash', idle: null },
      { tokenHash: 'staff-hash', idle: null },
    ]);
  });
});
