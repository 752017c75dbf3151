import { asc } from 'drizzle-orm';
import { z } from 'zod';
import {
  type TeamCategoryWithMembers,
  TeamCategoryWithMembersSchema,
} from '../../core/team/schema';
import type { Executor } from '../client';
import { teamCategories, teamCategoryMembers, teamMembers } from '../schema';

const CategoriesSchema = z.array(TeamCategoryWithMembersSchema);

export function createTeamRepository(db: Executor) {
  return {
    /** Every category in display order with its members in their order. */
    async listCategoriesWithMembers(): Promise<TeamCategoryWithMembers[]> {
      const [categories, links, members] = await Promise.all([
        db.select().from(teamCategories).orderBy(asc(teamCategories.position)),
        db.select().from(teamCategoryMembers).orderBy(asc(teamCategoryMembers.position)),
        db.select().from(teamMembers),
      ]);
      // A member never active has no lastActive at all (the contract's "not recorded").
      const byId = new Map(
        members.map(({ id, lastActive, ...member }) => [
          id,
          lastActive === null ? member : { ...member, lastActive },
        ]),
      );
      return CategoriesSchema.parse(
        categories.map(({ id, name, icon }) => ({
          id,
          name,
          icon,
          members: links.flatMap((link) => {
            const member = link.categoryId === id ? byId.get(link.memberId) : undefined;
            return member ? [member] : [];
          }),
        })),
      );
    },
  };
}
