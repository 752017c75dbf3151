import { asc } from 'drizzle-orm';
import type { Database } from '../client';
import { teamCategories, teamCategoryMembers, teamMembers } from '../schema';

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamCategoryWithMembers = {
  id: string;
  name: string;
  icon: string;
  members: Omit<TeamMemberRow, 'id'>[];
};

export function createTeamRepository(db: Database) {
  return {
    /** Every category in display order with its members in their order. */
    async listCategoriesWithMembers(): Promise<TeamCategoryWithMembers[]> {
      const [categories, links, members] = await Promise.all([
        db.select().from(teamCategories).orderBy(asc(teamCategories.position)),
        db.select().from(teamCategoryMembers).orderBy(asc(teamCategoryMembers.position)),
        db.select().from(teamMembers),
      ]);
      const byId = new Map(members.map(({ id, ...member }) => [id, member]));
      return categories.map(({ id, name, icon }) => ({
        id,
        name,
        icon,
        members: links.flatMap((link) => {
          const member = link.categoryId === id ? byId.get(link.memberId) : undefined;
          return member ? [member] : [];
        }),
      }));
    },
  };
}
