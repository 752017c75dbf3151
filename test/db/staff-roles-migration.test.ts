import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { sessions, staffUsers } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

type Journal = { entries: { tag: string }[] };

/** The committed migrations up to, not including, the one that turned `role` into `roles`. */
function migrationsBeforeStaffRoles(): string {
  const folder = mkdtempSync(join(tmpdir(), 'lunar-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal: Journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_staff_roles'));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

// The hand-written part of the migration: existing staff keep their single role as a list.
describe.each(DRIVERS)('staff roles migration on %s', (driver) => {
  let database: TestDatabase;
  let oldFolder: string;
  const migrateFrom = (folder: string) =>
    driver === 'pglite'
      ? migratePglite(database.db as never, { migrationsFolder: folder })
      : migratePostgres(database.db as never, { migrationsFolder: folder });

  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    oldFolder = migrationsBeforeStaffRoles();
  });
  afterAll(async () => {
    await database.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it('turns each single role into a one-role list and keeps the sessions', async () => {
    await migrateFrom(oldFolder);
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
