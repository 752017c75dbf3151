import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import {
  type EditableTeamMember,
  type TeamCategory,
  TeamCategorySchema,
  type TeamMemberEdit,
  TeamMemberSchema,
} from '../../core/team/schema';
import type { Executor } from '../client';
import { teamCategories, teamCategoryMembers, teamMembers } from '../schema';
import { isUniqueViolation } from '../sql-state';
import { ContentEditError } from './content-edit-error';

// The dashboard's writes to the team directory (executives). Every write is one transaction;
// the caller calls siteContentChanged afterwards.

type MemberRow = typeof teamMembers.$inferSelect;

const USERNAME_TAKEN = 'Another member has this Discord username (in any case).';
/** db/schema/team.ts: unique on lower(discord_username). */
const USERNAME_INDEX = 'team_members_discord_username_lower_idx';

function toEditable(row: MemberRow, categoryIds: string[]): EditableTeamMember {
  const { id, lastActive, ...member } = row;
  const parsed = TeamMemberSchema.parse(lastActive === null ? member : { ...member, lastActive });
  return { ...parsed, id, categoryIds };
}

export function createTeamEditorRepository(db: Executor) {
  async function checkCategories(tx: Executor, ids: string[]) {
    if (ids.length === 0) return;
    const found = await tx
      .select({ id: teamCategories.id })
      .from(teamCategories)
      .where(inArray(teamCategories.id, ids));
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0)
      throw new ContentEditError(400, `No such category: ${missing.join(', ')}`);
  }

  async function checkUsernameFree(tx: Executor, username: string, exceptId?: number) {
    const [row] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(sql`lower(${teamMembers.discordUsername}) = lower(${username})`)
      .limit(1);
    if (row && row.id !== exceptId) throw new ContentEditError(409, USERNAME_TAKEN);
  }

  /**
   * The check above answers the usual case in words; two writes racing past it meet at the
   * any-case unique index, and the one that loses gets the same answer, not a 500.
   */
  function refuseTakenUsername(error: unknown): never {
    if (isUniqueViolation(error, USERNAME_INDEX)) throw new ContentEditError(409, USERNAME_TAKEN);
    throw error;
  }

  /** Puts the member in exactly `categoryIds`: kept links keep their place, new ones go last. */
  async function setCategories(tx: Executor, memberId: number, categoryIds: string[]) {
    const wanted = [...new Set(categoryIds)];
    await tx
      .delete(teamCategoryMembers)
      .where(
        wanted.length === 0
          ? eq(teamCategoryMembers.memberId, memberId)
          : and(
              eq(teamCategoryMembers.memberId, memberId),
              notInArray(teamCategoryMembers.categoryId, wanted),
            ),
      );
    for (const categoryId of wanted) {
      const [last] = await tx
        .select({ position: max(teamCategoryMembers.position) })
        .from(teamCategoryMembers)
        .where(eq(teamCategoryMembers.categoryId, categoryId));
      await tx
        .insert(teamCategoryMembers)
        .values({ categoryId, memberId, position: (last?.position ?? -1) + 1 })
        .onConflictDoNothing();
    }
  }

  async function findMember(tx: Executor, id: number): Promise<EditableTeamMember | null> {
    const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id));
    if (!row) return null;
    const links = await tx
      .select({ categoryId: teamCategoryMembers.categoryId })
      .from(teamCategoryMembers)
      .where(eq(teamCategoryMembers.memberId, id));
    return toEditable(
      row,
      links.map((link) => link.categoryId),
    );
  }

  const memberFields = (input: TeamMemberEdit) => ({
    name: input.name,
    role: input.role,
    specialty: input.specialty,
    discordUsername: input.discordUsername,
    quote: input.quote,
  });

  return {
    async listMembers(): Promise<EditableTeamMember[]> {
      const [rows, links] = await Promise.all([
        db.select().from(teamMembers).orderBy(asc(teamMembers.name), asc(teamMembers.id)),
        db.select().from(teamCategoryMembers),
      ]);
      return rows.map((row) =>
        toEditable(
          row,
          links.filter((link) => link.memberId === row.id).map((link) => link.categoryId),
        ),
      );
    },

    async listCategories(): Promise<(TeamCategory & { position: number })[]> {
      const rows = await db.select().from(teamCategories).orderBy(asc(teamCategories.position));
      return rows.map((row) => ({ ...TeamCategorySchema.parse(row), position: row.position }));
    },

    findMember: (id: number) => findMember(db, id),

    /** A new member shows the generated avatar until one is uploaded. */
    async createMember(input: TeamMemberEdit): Promise<EditableTeamMember> {
      return db
        .transaction(async (tx) => {
          await checkCategories(tx, input.categoryIds);
          await checkUsernameFree(tx, input.discordUsername);
          const [row] = await tx
            .insert(teamMembers)
            .values({
              ...memberFields(input),
              pfpUrl: `/avatars/${encodeURIComponent(input.discordUsername)}.svg`,
            })
            .returning({ id: teamMembers.id });
          if (!row) throw new Error('insert returned no row');
          await setCategories(tx, row.id, input.categoryIds);
          return (await findMember(tx, row.id)) as EditableTeamMember;
        })
        .catch(refuseTakenUsername);
    },

    async updateMember(id: number, input: TeamMemberEdit): Promise<EditableTeamMember | null> {
      return db
        .transaction(async (tx) => {
          const existing = await findMember(tx, id);
          if (!existing) return null;
          await checkCategories(tx, input.categoryIds);
          await checkUsernameFree(tx, input.discordUsername, id);
          await tx.update(teamMembers).set(memberFields(input)).where(eq(teamMembers.id, id));
          await setCategories(tx, id, input.categoryIds);
          return findMember(tx, id);
        })
        .catch(refuseTakenUsername);
    },

    /** Sets the avatar (pfpUrl) or banner (bannerUrl) address; null when no such member. */
    async setImage(
      id: number,
      kind: 'avatar' | 'banner',
      url: string,
    ): Promise<EditableTeamMember | null> {
      const set = kind === 'avatar' ? { pfpUrl: url } : { bannerUrl: url };
      const updated = await db
        .update(teamMembers)
        .set(set)
        .where(eq(teamMembers.id, id))
        .returning({ id: teamMembers.id });
      return updated.length === 0 ? null : findMember(db, id);
    },

    async deleteMember(id: number): Promise<boolean> {
      const deleted = await db
        .delete(teamMembers)
        .where(eq(teamMembers.id, id))
        .returning({ id: teamMembers.id });
      return deleted.length > 0;
    },
  };
}
