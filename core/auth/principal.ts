import { z } from 'zod';
import { type Right, RightSchema, rightsOfRoles } from './rights';
import { type StaffRole, StaffRoleSchema } from './roles';
import { SCOPE_RIGHTS, type SessionScope } from './sessions';

/** The signed-in staff member, as much of them as access checks and the dashboard need. */
export type StaffMember = {
  id: number;
  discordId: string;
  username: string;
  roles: readonly StaffRole[];
};

/**
 * Who sent a request: the staff member if a staff session is live, and every right the
 * request's live sessions hold together (a passcode session alone: no staff member, only
 * `blog:edit`).
 */
export type Principal = {
  staff: StaffMember | null;
  rights: readonly Right[];
};

export type LiveSession = { scope: SessionScope; staff: StaffMember | null };

export function principalFromSessions(sessions: readonly LiveSession[]): Principal | null {
  if (sessions.length === 0) return null;
  const staff = sessions.find((session) => session.scope === 'staff')?.staff ?? null;
  const rights = new Set<Right>(staff ? rightsOfRoles(staff.roles) : []);
  for (const session of sessions)
    for (const right of SCOPE_RIGHTS[session.scope]) rights.add(right);
  return { staff, rights: [...rights] };
}

/** `GET /api/staff/me`: who the dashboard is talking to. */
export const StaffIdentitySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The name Discord shows for them (nickname, else display name); null until seen. */
  name: z.string().nullable(),
  roles: z.array(StaffRoleSchema),
  rights: z.array(RightSchema),
});
export type StaffIdentity = z.infer<typeof StaffIdentitySchema>;

export function toStaffIdentity(
  staff: StaffMember,
  rights: readonly Right[],
  name: string | null = null,
): StaffIdentity {
  return {
    id: staff.id,
    username: staff.username,
    name,
    roles: [...staff.roles],
    rights: [...rights],
  };
}

export function hasRight(principal: Principal | null, right: Right): boolean {
  return principal?.rights.includes(right) ?? false;
}
