import { normalizeRoles, type StaffRole } from './roles';

// Which Discord guild roles make a member staff, and which staff role each one is. The owner
// role is not here: it never comes from Discord (see sign-in.ts, LOCAL_OWNER_ID).
export const DISCORD_MAPPED_ROLES = [
  'staff',
  'designer',
  'payment_verifier',
  'lead',
  'executive',
] as const satisfies readonly StaffRole[];

export type DiscordMappedRole = (typeof DISCORD_MAPPED_ROLES)[number];

/** Guild role id per staff role, from the configuration; unset roles are never granted. */
export type DiscordRoleMap = Partial<Record<DiscordMappedRole, string>>;

/**
 * The staff roles a guild member holds. Being in the guild is not enough: customers open
 * their tickets there too, so a member with none of the configured roles is not staff.
 */
export function staffRolesFromDiscord(
  memberRoleIds: readonly string[],
  roleIds: DiscordRoleMap,
): StaffRole[] {
  return normalizeRoles(
    DISCORD_MAPPED_ROLES.filter((role) => {
      const id = roleIds[role];
      return id !== undefined && memberRoleIds.includes(id);
    }),
  );
}
