import { asc, eq, max, sql } from 'drizzle-orm';
import { slugifyTitle } from '../../core/blog/slug';
import type { TeamCategory, TeamCategoryEdit, TeamCategoryInput } from '../../core/team/schema';
import type { Executor } from '../client';
import { teamCategories } from '../schema';
import { ContentEditError } from './content-edit-error';

// The team directory's categories as the dashboard edits them (executives): create, rename,
// reorder, delete. Each write runs in one transaction that first takes the categories' lock, so
// two executives editing at once are done one after the other and the second is checked against
// what the first left: the same name twice, an order that misses a category added meanwhile, a
// rename of a deleted category are each refused in words (409, 404), never a 500 or a duplicate.
// The caller calls siteContentChanged afterwards.

const ID_MAX = 40;

/** Serialises category writes (any process, both drivers): held until the transaction ends. */
const lockCategories = (tx: Executor) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('lunar:team_categories'))`);

async function refuseTakenName(tx: Executor, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: teamCategories.id })
    .from(teamCategories)
    .where(sql`lower(${teamCategories.name}) = lower(${name})`);
  if (taken && taken.id !== exceptId) {
    throw new ContentEditError(409, `A category named “${name}” already exists.`);
  }
}

/** `Graphics & Art` → `graphics-art`; `-2`, `-3`… when another category has that id. */
async function freeId(tx: Executor, name: string): Promise<string> {
  const base =
    slugifyTitle(name)
      .slice(0, ID_MAX - 4)
      .replace(/-+$/, '') || 'team';
  const rows = await tx.select({ id: teamCategories.id }).from(teamCategories);
  const taken = new Set(rows.map((row) => row.id));
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

async function nextPosition(tx: Executor): Promise<number> {
  const [last] = await tx.select({ position: max(teamCategories.position) }).from(teamCategories);
  return (last?.position ?? -1) + 1;
}

export function createTeamCategoriesRepository(db: Executor) {
  return {
    /** A new category, last in the order; its id (the directory's key) comes from its name. */
    async create(input: TeamCategoryInput): Promise<TeamCategory> {
      return db.transaction(async (tx) => {
        await lockCategories(tx);
        await refuseTakenName(tx, input.name);
        const category = { id: await freeId(tx, input.name), name: input.name, icon: input.icon };
        await tx.insert(teamCategories).values({ ...category, position: await nextPosition(tx) });
        return category;
      });
    },

    /**
     * Creates or replaces the category with this id (the API's PUT): a new one goes last
     * unless a position is given.
     */
    async save(input: TeamCategoryEdit): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCategories(tx);
        await refuseTakenName(tx, input.name, input.id);
        const [existing] = await tx
          .select({ position: teamCategories.position })
          .from(teamCategories)
          .where(eq(teamCategories.id, input.id));
        const position = input.position ?? existing?.position ?? (await nextPosition(tx));
        const values = { id: input.id, name: input.name, icon: input.icon, position };
        await tx
          .insert(teamCategories)
          .values(values)
          .onConflictDoUpdate({
            target: teamCategories.id,
            set: { name: values.name, icon: values.icon, position },
          });
      });
    },

    /** Renames (and re-icons) a category; 404 when it was deleted meanwhile. */
    async rename(id: string, input: TeamCategoryInput): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCategories(tx);
        await refuseTakenName(tx, input.name, id);
        const updated = await tx
          .update(teamCategories)
          .set({ name: input.name, icon: input.icon })
          .where(eq(teamCategories.id, id))
          .returning({ id: teamCategories.id });
        if (updated.length === 0) {
          throw new ContentEditError(404, 'This category no longer exists: it was deleted.');
        }
      });
    },

    /**
     * Puts the categories in the order of `ids`, which must name every category exactly once:
     * an order made before someone added or deleted one is refused, not half applied.
     */
    async reorder(ids: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCategories(tx);
        const rows = await tx
          .select({ id: teamCategories.id })
          .from(teamCategories)
          .orderBy(asc(teamCategories.position));
        const current = new Set(rows.map((row) => row.id));
        const same =
          ids.length === current.size &&
          new Set(ids).size === ids.length &&
          ids.every((id) => current.has(id));
        if (!same) {
          throw new ContentEditError(
            409,
            'The categories changed meanwhile (one was added or deleted): here they are as they are now; order them again.',
          );
        }
        for (const [position, id] of ids.entries()) {
          await tx.update(teamCategories).set({ position }).where(eq(teamCategories.id, id));
        }
      });
    },

    /** Removes the category (its member links go with it; the members stay). */
    async delete(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockCategories(tx);
        const deleted = await tx
          .delete(teamCategories)
          .where(eq(teamCategories.id, id))
          .returning({ id: teamCategories.id });
        return deleted.length > 0;
      });
    },
  };
}
