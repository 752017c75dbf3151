import { asc, eq, sql } from 'drizzle-orm';
import { type Portfolio, PortfolioSchema } from '../../core/portfolio/schema';
import type { Executor } from '../client';
import { portfolioProfiles } from '../schema';

type ProfileRow = typeof portfolioProfiles.$inferSelect;

/** The stored profile, its jsonb parts read back through the contract. */
function toPortfolio(row: ProfileRow): Portfolio {
  return PortfolioSchema.parse({
    username: row.username,
    name: row.name,
    title: row.title,
    subtitle: row.subtitle,
    about: { mainText: row.aboutMain, secondaryText: row.aboutSecondary },
    skills: row.skills,
    expertise: row.expertise,
    projects: row.projects,
    testimonials: row.testimonials,
    githubUrl: row.githubUrl,
    contactUrl: row.contactUrl,
  });
}

export function createPortfoliosRepository(db: Executor) {
  return {
    /** Usernames are matched case-insensitively: links typed by hand should still work. */
    async findByUsername(username: string): Promise<Portfolio | null> {
      const [row] = await db
        .select()
        .from(portfolioProfiles)
        .where(sql`lower(${portfolioProfiles.username}) = lower(${username})`)
        .limit(1);
      return row ? toPortfolio(row) : null;
    },

    /** The configured fallback profile (DESIGN.md decision 11). */
    async findDefault(defaultUsername: string): Promise<Portfolio | null> {
      const [row] = await db
        .select()
        .from(portfolioProfiles)
        .where(eq(portfolioProfiles.username, defaultUsername))
        .limit(1);
      return row ? toPortfolio(row) : null;
    },

    async listUsernames(): Promise<string[]> {
      const rows = await db
        .select({ username: portfolioProfiles.username })
        .from(portfolioProfiles)
        .orderBy(asc(portfolioProfiles.username));
      return rows.map((row) => row.username);
    },
  };
}
