import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

type Journal = { entries: { tag: string }[] };

/** The committed migrations up to, not including, the one that added slugs. */
function migrationsBeforeSlugs(): string {
  const folder = mkdtempSync(join(tmpdir(), 'lunar-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal: Journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_blog_post_slugs'));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

// The hand-written backfill: existing posts get unique slugs from their titles.
describe.each(DRIVERS)('blog slug migration on %s', (driver) => {
  let database: TestDatabase;
  let oldFolder: string;
  const migrateFrom = (folder: string) =>
    driver === 'pglite'
      ? migratePglite(database.db as never, { migrationsFolder: folder })
      : migratePostgres(database.db as never, { migrationsFolder: folder });

  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    oldFolder = migrationsBeforeSlugs();
  });
  afterAll(async () => {
    await database.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it('backfills a unique slug for every existing post, oldest first', async () => {
    await migrateFrom(oldFolder);
    await database.db.execute(sql`
      insert into blog_posts (title, content, published_on) values
        ('Welcome to Lunar!', 'a', '2024-03-19'),
        ('welcome to lunar', 'b', '2024-03-20'),
        ('🌙🌙', 'c', '2024-03-21'),
        ('  Spring -- Sale 2025 ', 'd', '2024-03-22')`);

    await database.migrate();

    const rows = await database.db
      .select({ title: blogPosts.title, slug: blogPosts.slug })
      .from(blogPosts)
      .orderBy(asc(blogPosts.id));
    expect(rows.map((row) => row.slug)).toEqual([
      'welcome-to-lunar',
      'welcome-to-lunar-2',
      'post',
      'spring-sale-2025',
    ]);
  });
});
