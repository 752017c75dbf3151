import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamCategoryMembers, teamMembers } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { migrateFrom, migrationsBefore } from '../support/migrations';

// Members the old case-sensitive constraint let in twice are settled before the any-case
// unique index is built: exact copies merge into the earliest, others get "_<id>".
describe.each(DRIVERS)('team member username migration on %s', (driver) => {
  let database: TestDatabase;
  let old: ReturnType<typeof migrationsBefore>;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    old = migrationsBefore('_team_member_username_any_case');
  });
  afterAll(async () => {
    await database.close();
    old.remove();
  });

  it('merges exact copies, renames the others, then refuses case variants', async () => {
    await migrateFrom(driver, database, old.folder);
    await database.db.execute(sql`
      insert into team_categories (id, name, icon, position) values
        ('graphics', 'Graphics', 'palette', 0), ('bots', 'Bots', 'bot', 1)`);
    await database.db.execute(sql`
      insert into team_members (id, discord_username, name, role, specialty, pfp_url) values
        (1, 'crNx1', 'Crn', 'Designer', 'Logos', '/a.png'),
        (2, 'CRNX1', 'Crn', 'Designer', 'Logos', '/a.png'),
        (3, 'crnx1', 'Someone else', 'Designer', 'Bots', '/b.png'),
        (4, 'nova', 'Nova', 'Lead', 'Banners', '/n.png')`);
    await database.db.execute(sql`
      insert into team_category_members (category_id, member_id, position) values
        ('graphics', 1, 0), ('bots', 2, 0), ('graphics', 2, 1), ('graphics', 4, 2)`);

    await database.migrate();

    const members = await database.db
      .select({ id: teamMembers.id, username: teamMembers.discordUsername })
      .from(teamMembers)
      .orderBy(asc(teamMembers.id));
    expect(members).toEqual([
      { id: 1, username: 'crNx1' },
      { id: 3, username: 'crnx1_3' },
      { id: 4, username: 'nova' },
    ]);
    const links = await database.db
      .select({ category: teamCategoryMembers.categoryId, member: teamCategoryMembers.memberId })
      .from(teamCategoryMembers)
      .orderBy(asc(teamCategoryMembers.categoryId), asc(teamCategoryMembers.memberId));
    // The copy's categories stay with the member it was merged into.
    expect(links).toEqual([
      { category: 'bots', member: 1 },
      { category: 'graphics', member: 1 },
      { category: 'graphics', member: 4 },
    ]);
    await expect(
      database.db.execute(sql`
        insert into team_members (discord_username, name, role, specialty, pfp_url)
        values ('NOVA', 'Nova again', 'Lead', '', '/x.png')`),
    ).rejects.toThrow();
  });
});
