import { asc, sql } from 'drizzle-orm';
import type {
  Portfolio,
  PortfolioPart,
  PortfolioProfileEdit,
  PortfolioSkill,
} from '../../core/portfolio/schema';
import type { Executor } from '../client';
import { portfolioProfiles } from '../schema';
import { ContentEditError } from './content-edit-error';
import { createPortfoliosRepository } from './portfolios';

// The dashboard's writes to portfolios (executives). Each part (profile, skills, projects,
// expertise, testimonials) is replaced whole, as the site blocks are: the editor holds the list
// it shows and saves it back. The caller validated the value with PORTFOLIO_PART_SCHEMAS and
// calls siteContentChanged afterwards.

export type PortfolioPartValue = {
  profile: PortfolioProfileEdit;
  skills: PortfolioSkill[];
  projects: Portfolio['projects'];
  expertise: Portfolio['expertise'];
  testimonials: Portfolio['testimonials'];
};

/** The columns a profile is stored in (the seed stores its portfolios with them too). */
export function profileColumns(profile: PortfolioProfileEdit) {
  return {
    name: profile.name,
    title: profile.title,
    subtitle: profile.subtitle,
    aboutMain: profile.about.mainText,
    aboutSecondary: profile.about.secondaryText,
    githubUrl: profile.githubUrl,
    contactUrl: profile.contactUrl,
  };
}

/** The columns a part is stored in. */
function columnsOf<P extends PortfolioPart>(part: P, value: PortfolioPartValue[P]) {
  if (part !== 'profile') return { [part]: value };
  return profileColumns(value as PortfolioProfileEdit);
}

const byUsername = (username: string) =>
  sql`lower(${portfolioProfiles.username}) = lower(${username})`;

export function createPortfolioEditorRepository(db: Executor) {
  const portfolios = createPortfoliosRepository(db);
  return {
    /** Every portfolio, in username order: the dashboard's list. */
    async list(): Promise<{ username: string; name: string; title: string; demo: boolean }[]> {
      return db
        .select({
          username: portfolioProfiles.username,
          name: portfolioProfiles.name,
          title: portfolioProfiles.title,
          demo: portfolioProfiles.demo,
        })
        .from(portfolioProfiles)
        .orderBy(asc(portfolioProfiles.username));
    },

    find: (username: string) => portfolios.findByUsername(username),

    /** A new portfolio with the profile given and nothing else yet. */
    async create(username: string, profile: PortfolioProfileEdit): Promise<Portfolio> {
      return db.transaction(async (tx) => {
        // The table's key is case-sensitive, the public lookup is not: `Ash` would hide `ash`.
        const [taken] = await tx
          .select({ username: portfolioProfiles.username })
          .from(portfolioProfiles)
          .where(byUsername(username))
          .limit(1);
        const inserted = taken
          ? []
          : await tx
              .insert(portfolioProfiles)
              .values({
                username,
                ...profileColumns(profile),
                skills: [],
                expertise: [],
                projects: [],
                testimonials: [],
              })
              .onConflictDoNothing()
              .returning({ username: portfolioProfiles.username });
        if (inserted.length === 0) {
          throw new ContentEditError(409, 'This designer already has a portfolio.');
        }
        return (await createPortfoliosRepository(tx).findByUsername(username)) as Portfolio;
      });
    },

    /** Replaces one part; null when there is no such portfolio. */
    async savePart<P extends PortfolioPart>(
      username: string,
      part: P,
      value: PortfolioPartValue[P],
    ): Promise<Portfolio | null> {
      const [row] = await db
        .update(portfolioProfiles)
        .set({ ...columnsOf(part, value), updatedAt: sql`now()` })
        .where(byUsername(username))
        .returning({ username: portfolioProfiles.username });
      return row ? portfolios.findByUsername(row.username) : null;
    },

    async remove(username: string): Promise<boolean> {
      const deleted = await db
        .delete(portfolioProfiles)
        .where(byUsername(username))
        .returning({ username: portfolioProfiles.username });
      return deleted.length > 0;
    },
  };
}
