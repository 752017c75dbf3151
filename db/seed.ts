import { eq } from 'drizzle-orm';
import { SEED_BLOG_POST } from '../core/blog/seed-post';
import { PORTFOLIO_PROFILES } from '../core/portfolio/portfolio';
import { TEAM_MEMBERS } from '../core/team/members';
import { TEAM_CATEGORIES } from '../core/team/team';
import type { Database } from './client';
import { bumpContentVersion } from './repositories/content-version';
import {
  blogPosts,
  portfolioProfiles,
  systemState,
  teamCategories,
  teamCategoryMembers,
  teamMembers,
} from './schema';

const SEED_KEY = 'seeded_at';

/**
 * Inserts the spec's sample data once per database. The marker row is written in the same
 * transaction, so a crash mid-way seeds again next time and a finished seed never repeats
 * (even after staff delete the sample rows).
 */
export async function seedOnce(db: Database): Promise<'seeded' | 'already-seeded'> {
  return db.transaction(async (tx) => {
    // Claiming the marker first makes concurrent starters wait on its row lock.
    const claimed = await tx
      .insert(systemState)
      .values({ key: SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 'already-seeded';
    // Pages another process already cached showed no sample data.
    await bumpContentVersion(tx, 'sample data seeded');

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
        name: profile.name,
        title: profile.title,
        subtitle: profile.subtitle,
        aboutMain: profile.about.mainText,
        aboutSecondary: profile.about.secondaryText,
        githubUrl: profile.githubUrl,
        contactUrl: profile.contactUrl,
        skills: profile.skills,
        expertise: profile.expertise,
        projects: profile.projects,
        testimonials: profile.testimonials,
      })),
    );

    await tx.insert(blogPosts).values({
      title: SEED_BLOG_POST.title,
      content: SEED_BLOG_POST.content,
      publishedOn: SEED_BLOG_POST.date,
    });
    return 'seeded';
  });
}

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select().from(systemState).where(eq(systemState.key, SEED_KEY));
  return rows.length > 0;
}
