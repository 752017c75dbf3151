import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MEMBERS } from '../../core/team/members';
import { TeamMemberSchema } from '../../core/team/schema';
import { TEAM_CATEGORIES } from '../../core/team/team';
import { createTeamRepository } from '../../db/repositories/team';
import { blogPosts, portfolioProfiles, teamCategories, teamMembers } from '../../db/schema';
import { seedDemoOnce, seedOnce, seedsDemo } from '../../db/seed';
import { testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

describe.each(DRIVERS)('seed on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('inserts the spec data the first time', async () => {
    expect(await seedOnce(database.db)).toBe('seeded');
    const categories = await createTeamRepository(database.db).listCategoriesWithMembers();
    expect(categories.map((category) => [category.id, category.members.length])).toEqual([
      ['graphics', 6],
      ['uniforms', 5],
      ['liveries', 6],
      ['discord', 4],
      ['bots', 2],
    ]);
    const [posts] = await database.db.select({ n: count() }).from(blogPosts);
    expect(posts?.n).toBe(1);
    const profiles = await database.db.select().from(portfolioProfiles);
    expect(profiles.length).toBeGreaterThanOrEqual(1);
    for (const skill of profiles.flatMap((profile) => profile.skills)) {
      expect(skill.level).toBeGreaterThanOrEqual(70);
      expect(skill.level).toBeLessThanOrEqual(95);
    }
  });

  it('stores people in several categories once', async () => {
    const categories = await createTeamRepository(database.db).listCategoriesWithMembers();
    const places = categories.flatMap((category) => category.members).length;
    const [people] = await database.db.select({ n: count() }).from(teamMembers);
    expect(places).toBe(23);
    expect(people?.n).toBeLessThan(places);
  });

  it('reads the team back exactly as the seed wrote it, in the API contract', async () => {
    const categories = await createTeamRepository(database.db).listCategoriesWithMembers();
    const seeded = new Map(TEAM_MEMBERS.map((m) => [m.discordUsername, TeamMemberSchema.parse(m)]));
    expect(categories).toEqual(
      TEAM_CATEGORIES.map(({ memberUsernames, ...category }) => ({
        ...category,
        members: memberUsernames.map((username) => seeded.get(username)),
      })),
    );
    // Never active: no lastActive at all (the page shows "Not recorded"), not null.
    const sunny = categories.flatMap((c) => c.members).find((m) => m.name === 'Sunny');
    expect(sunny).toBeDefined();
    expect(sunny).not.toHaveProperty('lastActive');
  });

  it('does not seed twice, even after the sample rows are deleted', async () => {
    await database.db.delete(blogPosts);
    expect(await seedOnce(database.db)).toBe('already-seeded');
    const [posts] = await database.db.select({ n: count() }).from(blogPosts);
    expect(posts?.n).toBe(0);
  });
});

// A production database (DATABASE_URL) must not start with made-up people.
describe.each(DRIVERS)('demo seed on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  const countMembers = async () =>
    (await database.db.select({ n: count() }).from(teamMembers))[0]?.n;

  it('is for the embedded database or on request only', () => {
    expect(seedsDemo(testConfig())).toBe(true);
    const postgres = testConfig({ DATABASE_URL: 'postgres://lunar@db:5432/lunar' });
    expect(seedsDemo(postgres)).toBe(false);
    expect(
      seedsDemo(
        testConfig({ DATABASE_URL: 'postgres://lunar@db:5432/lunar', LUNAR_SEED_DEMO: 'true' }),
      ),
    ).toBe(true);
    expect(testConfig().LUNAR_SEED_DEMO).toBe(false);
  });

  // .env.example: the demo set, welcome post included, only on request.
  it('a first start on DATABASE_URL seeds nothing: no members, portfolios or posts', async () => {
    const config = testConfig({ DATABASE_URL: 'postgres://lunar@db:5432/lunar' });
    expect(await seedOnce(database.db, { demo: seedsDemo(config) })).toBe('seeded');
    expect(await countMembers()).toBe(0);
    expect(await database.db.select().from(portfolioProfiles)).toEqual([]);
    expect(await database.db.select().from(blogPosts)).toEqual([]);
    const [categories] = await database.db.select({ n: count() }).from(teamCategories);
    expect(categories?.n).toBe(0);
  });

  it('seeds the demo set when asked (db:seed-demo), once, every made-up row marked demo', async () => {
    expect(await seedDemoOnce(database.db)).toBe('seeded');
    expect(await countMembers()).toBe(TEAM_MEMBERS.length);
    const members = await database.db.select({ demo: teamMembers.demo }).from(teamMembers);
    expect(members.every((member) => member.demo)).toBe(true);
    const profiles = await database.db.select().from(portfolioProfiles);
    expect(profiles.map((profile) => [profile.username, profile.demo])).toEqual([
      ['novadev', true],
      ['ashgfx', true],
    ]);
    const posts = await database.db.select().from(blogPosts);
    expect(posts.map((post) => [post.title, post.publishedOn, post.demo])).toEqual([
      ['Welcome to Lunar', '2024-03-19', true],
    ]);
    expect(await seedDemoOnce(database.db)).toBe('already-seeded');
    expect(await countMembers()).toBe(TEAM_MEMBERS.length);
    // The next start does not seed again either.
    expect(await seedOnce(database.db, { demo: true })).toBe('already-seeded');
    expect(await countMembers()).toBe(TEAM_MEMBERS.length);
  });
});
