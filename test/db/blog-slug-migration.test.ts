import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { migrateFrom, migrationsBefore } from '../support/migrations';

// The hand-written backfill: existing posts get unique slugs from their titles.
describe.each(DRIVERS)('blog slug migration on %s', (driver) => {
  let database: TestDatabase;
  let old: ReturnType<typeof migrationsBefore>;

  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrate: false });
    old = migrationsBefore('_blog_post_slugs');
  });
  afterAll(async () => {
    await database.close();
    old.remove();
  });

  it('backfills a unique slug for every existing post, oldest first', async () => {
    await migrateFrom(driver, database, old.folder);
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
