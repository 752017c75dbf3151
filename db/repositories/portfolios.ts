import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { PortfolioSchema, type PortfolioWithImages } from '../../core/portfolio/schema';
import type { Executor } from '../client';
import { portfolioProfiles, teamMembers } from '../schema';

type ProfileRow = typeof portfolioProfiles.$inferSelect;
type CardImages = { cardAvatarUrl: string | null; cardBannerUrl: string | null };

/** The stored profile, its jsonb parts read back through the contract, with its pictures. */
function toPortfolio(row: ProfileRow & CardImages): PortfolioWithImages {
  const profile = PortfolioSchema.parse({
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
  // An empty team card field means "none" there (the solid banner colour).
  return {
    ...profile,
    avatarUrl: row.avatarUrl || row.cardAvatarUrl || null,
    bannerUrl: row.bannerUrl || row.cardBannerUrl || null,
  };
}

export function createPortfoliosRepository(db: Executor) {
  /** Profiles with their designer's team card, if one has the same username (any case). */
  function selectWithCard() {
    return db
      .select({
        ...getTableColumns(portfolioProfiles),
        cardAvatarUrl: teamMembers.pfpUrl,
        cardBannerUrl: teamMembers.bannerUrl,
      })
      .from(portfolioProfiles)
      .leftJoin(
        teamMembers,
        sql`lower(${teamMembers.discordUsername}) = lower(${portfolioProfiles.username})`,
      );
  }

  return {
    /** Usernames are matched case-insensitively: links typed by hand should still work. */
    async findByUsername(username: string): Promise<PortfolioWithImages | null> {
      const [row] = await selectWithCard()
        .where(sql`lower(${portfolioProfiles.username}) = lower(${username})`)
        .limit(1);
      return row ? toPortfolio(row) : null;
    },

    /** The default profile chosen in Settings (DESIGN.md decision 11). */
    async findDefault(defaultUsername: string): Promise<PortfolioWithImages | null> {
      const [row] = await selectWithCard()
        .where(eq(portfolioProfiles.username, defaultUsername))
        .limit(1);
      return row ? toPortfolio(row) : null;
    },

    async listUsernames(): Promise<string[]> {
      return (await this.listKeys()).map((row) => row.username);
    },

    /** Every portfolio's key and whether the demo seed made it up. */
    async listKeys(): Promise<{ username: string; demo: boolean }[]> {
      return db
        .select({ username: portfolioProfiles.username, demo: portfolioProfiles.demo })
        .from(portfolioProfiles)
        .orderBy(asc(portfolioProfiles.username));
    },

    /** A picture uploaded in the portfolio editor; null goes back to the team card's. */
    async setImage(
      username: string,
      kind: 'avatar' | 'banner',
      url: string | null,
    ): Promise<PortfolioWithImages | null> {
      const updated = await db
        .update(portfolioProfiles)
        .set(kind === 'avatar' ? { avatarUrl: url } : { bannerUrl: url })
        .where(sql`lower(${portfolioProfiles.username}) = lower(${username})`)
        .returning({ username: portfolioProfiles.username });
      const [row] = updated;
      return row ? this.findByUsername(row.username) : null;
    },
  };
}
