import { SEED_BLOG_POST } from '../core/blog/seed-post';
import { slugifyTitle } from '../core/blog/slug';
import { PORTFOLIO_PROFILES } from '../core/portfolio/portfolio';
import { TEAM_MEMBERS } from '../core/team/members';
import { TEAM_CATEGORIES } from '../core/team/team';
import type { Database } from './client';
import { bumpContentVersion } from './repositories/content-version';
import { profileColumns } from './repositories/portfolio-editor';
import {
  blogPosts,
  portfolioProfiles,
  systemState,
  teamCategories,
  teamCategoryMembers,
  teamMembers,
} from './schema';

const SEED_KEY = 'seeded_at';
const DEMO_SEED_KEY = 'demo_seeded_at';

/**
 * First start: records when the database was first opened, and with `demo` seeds the demo set
 * (seedDemoOnce). Nothing else is seeded: a production database starts empty (decision 020).
 */
export async function seedOnce(
  db: Database,
  { demo = true }: { demo?: boolean } = {},
): Promise<'seeded' | 'already-seeded'> {
  const claimed = await db
    .insert(systemState)
    .values({ key: SEED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (demo) await seedDemoOnce(db);
  return claimed.length === 0 ? 'already-seeded' : 'seeded';
}

/**
 * The spec's demo content: team categories, made-up members and portfolio profiles, and the
 * welcome post dated 2024, each row marked `demo` ("Remove all demo content" deletes them; the
 * go-live checklist does not count them). For the embedded database and on request
 * (LUNAR_SEED_DEMO, `npm run db:seed-demo`), never by default into a production database. Once
 * per database (the marker is written in the same transaction, so a crash mid-way seeds again
 * and a finished seed never repeats, even after the rows are deleted), and never into a team
 * that already has members (a database seeded before this marker existed, or one the studio
 * filled itself). The categories are the studio's services, not made up: they are not demo.
 */
export async function seedDemoOnce(db: Database): Promise<'seeded' | 'already-seeded'> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(systemState)
      .values({ key: DEMO_SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 'already-seeded';
    const [existing] = await tx.select({ id: teamMembers.id }).from(teamMembers).limit(1);
    if (existing) return 'already-seeded';
    // Pages another process already cached showed no sample data.
    await bumpContentVersion(tx, 'sample data seeded');

    await tx.insert(blogPosts).values({
      slug: slugifyTitle(SEED_BLOG_POST.title),
      title: SEED_BLOG_POST.title,
      content: SEED_BLOG_POST.content,
      publishedOn: SEED_BLOG_POST.date,
      demo: true,
    });

    await tx
      .insert(teamCategories)
      .values(
        TEAM_CATEGORIES.map(({ id, name, icon }, position) => ({ id, name, icon, position })),
      );
    const members = await tx
      .insert(teamMembers)
      .values(
        TEAM_MEMBERS.map((member) => ({
          discordUsername: member.discordUsername,
          name: member.name,
          role: member.role,
          specialty: member.specialty,
          pfpUrl: member.pfpUrl,
          bannerUrl: member.bannerUrl ?? '',
          quote: member.quote ?? '',
          lastActive: member.lastActive ?? null,
          demo: true,
        })),
      )
      .returning({ id: teamMembers.id, discordUsername: teamMembers.discordUsername });
    const idByUsername = new Map(members.map((member) => [member.discordUsername, member.id]));
    await tx.insert(teamCategoryMembers).values(
      TEAM_CATEGORIES.flatMap((category) =>
        category.memberUsernames.map((username, position) => {
          const memberId = idByUsername.get(username);
          if (memberId === undefined) throw new Error(`seed: unknown member ${username}`);
          return { categoryId: category.id, memberId, position };
        }),
      ),
    );

    await tx.insert(portfolioProfiles).values(
      PORTFOLIO_PROFILES.map((profile) => ({
        username: profile.username,
        ...profileColumns(profile),
        skills: profile.skills,
        expertise: profile.expertise,
        projects: profile.projects,
        testimonials: profile.testimonials,
        demo: true,
      })),
    );

    return 'seeded';
  });
}

/** Whether a start seeds the demo people: the embedded default, or when asked to. */
export function seedsDemo(config: { DATABASE_URL?: string; LUNAR_SEED_DEMO: boolean }): boolean {
  return !config.DATABASE_URL || config.LUNAR_SEED_DEMO;
}
