import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { normalizeRoles, type StaffRole } from '../../core/auth/roles';
import type { Database } from '../client';
import { staffUsers } from '../schema';

type StaffUser = typeof staffUsers.$inferSelect;

type StaffUserInput = { discordId: string; username: string; roles: readonly StaffRole[] };

// The owner role never comes from Discord (it is given by the owner link or the CLI), so a
// sign-in or a re-read that brings the member's Discord roles keeps it.
const rolesKeepingOwner = sql`case
  when 'owner' = any(${staffUsers.roles}) and not ('owner' = any(excluded.roles))
  then array_append(excluded.roles, 'owner'::staff_role)
  else excluded.roles end`;

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

    /**
     * Records what a sign-in or a role re-read learnt: the member's name and roles (keeping
     * the owner role), checked now; `signedIn` also stamps `last_login_at`.
     */
    async syncByDiscordId(
      { discordId, username, roles }: StaffUserInput,
      { signedIn = false } = {},
    ): Promise<StaffUser> {
      const values = {
        username,
        roles: normalizeRoles(roles),
        rolesCheckedAt: sql`now()`,
        ...(signedIn && { lastLoginAt: sql`now()` }),
      };
      const [row] = await db
        .insert(staffUsers)
        .values({ discordId, ...values })
        .onConflictDoUpdate({
          target: staffUsers.discordId,
          set: { ...values, roles: rolesKeepingOwner },
        })
        .returning();
      if (!row) throw new Error(`staff user sync returned nothing for ${discordId}`);
      return row;
    },

    /** Stamps a sign-in that did not bring roles (a link that keeps the stored ones). */
    async markSignedIn(id: number, username?: string): Promise<StaffUser | null> {
      const [row] = await db
        .update(staffUsers)
        .set({ lastLoginAt: sql`now()`, ...(username && { username }) })
        .where(eq(staffUsers.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Takes the turn to re-read this member's roles if they were last read more than
     * `staleAfterMs` ago: true for exactly one of several requests racing for it.
     */
    async claimRolesCheck(id: number, staleAfterMs: number): Promise<boolean> {
      const rows = await db
        .update(staffUsers)
        .set({ rolesCheckedAt: sql`now()` })
        .where(
          and(
            eq(staffUsers.id, id),
            lt(staffUsers.rolesCheckedAt, sql`now() - ${staleAfterMs} * interval '1 millisecond'`),
          ),
        )
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },

    /** After a failed re-read: the roles count as stale again `retryInMs` from now. */
    async retryRolesCheck(id: number, staleAfterMs: number, retryInMs: number): Promise<void> {
      await db
        .update(staffUsers)
        .set({
          rolesCheckedAt: sql`now() - ${staleAfterMs - retryInMs} * interval '1 millisecond'`,
        })
        .where(eq(staffUsers.id, id));
    },

    /** Whether anyone has ever signed in or been given a role (the owner link's question). */
    async exists(): Promise<boolean> {
      const [row] = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
      return row !== undefined;
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
