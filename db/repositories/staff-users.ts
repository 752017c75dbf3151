import { asc, eq, sql } from 'drizzle-orm';
import { normalizeRoles, type StaffRole } from '../../core/auth/roles';
import type { Database } from '../client';
import { staffUsers } from '../schema';

export type StaffUser = typeof staffUsers.$inferSelect;

export type StaffUserInput = { discordId: string; username: string; roles: readonly StaffRole[] };

/** Staff members, keyed by their Discord account; their roles mirror the guild's. */
export function createStaffUsersRepository(db: Database) {
  return {
    /** Creates the staff member or refreshes their name and roles (each sign-in reads both). */
    async upsertByDiscordId({ discordId, username, roles }: StaffUserInput): Promise<StaffUser> {
      const values = { username, roles: normalizeRoles(roles), rolesCheckedAt: sql`now()` };
      const [row] = await db
        .insert(staffUsers)
        .values({ discordId, ...values })
        .onConflictDoUpdate({ target: staffUsers.discordId, set: values })
        .returning();
      if (!row) throw new Error(`staff user upsert returned nothing for ${discordId}`);
      return row;
    },

    async findById(id: number): Promise<StaffUser | null> {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
      return row ?? null;
    },

    async findByDiscordId(discordId: string): Promise<StaffUser | null> {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.discordId, discordId));
      return row ?? null;
    },

    /** Replaces the roles; an empty list leaves a member who is no longer staff. */
    async setRoles(id: number, roles: readonly StaffRole[]): Promise<StaffUser | null> {
      const [row] = await db
        .update(staffUsers)
        .set({ roles: normalizeRoles(roles), rolesCheckedAt: sql`now()` })
        .where(eq(staffUsers.id, id))
        .returning();
      return row ?? null;
    },

    async list(): Promise<StaffUser[]> {
      return db.select().from(staffUsers).orderBy(asc(staffUsers.username), asc(staffUsers.id));
    },
  };
}

export type StaffUsersRepository = ReturnType<typeof createStaffUsersRepository>;
