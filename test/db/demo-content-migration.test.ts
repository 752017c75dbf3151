import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { blogPosts, portfolioProfiles, teamMembers } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

// Migration 0019 (demo content): on a database seeded before rows were marked, the demo seed's
// rows become `demo` (the checklist stops counting them; "Remove all demo content" finds
// them), and nothing of the studio's own does, a demo member it renamed included.

/** A copy of the committed migrations that stops just before the demo-content one. */
function migrationsBeforeDemo(): string {
  const folder = mkdtempSync(join(tmpdir(), 'lunar-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_demo_content'));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

const EMPTY_PROFILE = sql`'', '', '', '', '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb`;

describe.each(DRIVERS)('migration demo_content on %s', (driver) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    before = migrationsBeforeDemo();
    // An in-memory initdb (PGlite) on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('marks the seeded rows as demo and leaves the studio’s own', async () => {
    await database.migrate({ migrationsFolder: before });
    for (const [username, name] of [
      ['ashgfx', 'Ash'],
      ['MirageFX', 'Mirage'],
      ['novadev', 'Nova Renamed'],
      ['real_person', 'Real'],
    ]) {
      await database.db.execute(sql`
        insert into team_members (discord_username, name, role, specialty, pfp_url)
        values (${username}, ${name}, 'Designer', 'Logos', '')`);
    }
    for (const [username, name] of [
      ['novadev', 'Nova'],
      ['ashgfx', 'Ashley'],
      ['own_folio', 'Own'],
    ]) {
      await database.db.execute(sql`
        insert into portfolio_profiles (username, name, title, subtitle, about_main,
          about_secondary, skills, expertise, projects, testimonials)
        values (${username}, ${name}, ${EMPTY_PROFILE})`);
    }
    await database.db.execute(sql`
      insert into blog_posts (slug, title, content, published_on) values
        ('welcome-to-lunar', 'Welcome to Lunar', 'Welcome.', '2024-03-19'),
        ('our-news', 'Our news', 'News.', '2024-03-19')`);

    await database.migrate();

    const members = await database.db
      .select({ username: teamMembers.discordUsername, demo: teamMembers.demo })
      .from(teamMembers)
      .orderBy(asc(teamMembers.id));
    expect(members).toEqual([
      { username: 'ashgfx', demo: true },
      { username: 'MirageFX', demo: true },
      { username: 'novadev', demo: false },
      { username: 'real_person', demo: false },
    ]);
    const portfolios = await database.db
      .select({ username: portfolioProfiles.username, demo: portfolioProfiles.demo })
      .from(portfolioProfiles)
      .orderBy(asc(portfolioProfiles.username));
    expect(portfolios).toEqual([
      { username: 'ashgfx', demo: false },
      { username: 'novadev', demo: true },
      { username: 'own_folio', demo: false },
    ]);
    const posts = await database.db
      .select({ slug: blogPosts.slug, demo: blogPosts.demo })
      .from(blogPosts)
      .orderBy(asc(blogPosts.id));
    expect(posts).toEqual([
      { slug: 'welcome-to-lunar', demo: true },
      { slug: 'our-news', demo: false },
    ]);
  });
});
