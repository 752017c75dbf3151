import { z } from 'zod';

// Staff roles (DESIGN.md "Who uses it"). The database's `staff_role` enum is built from this
// list, so adding a role here and generating a migration is all it takes.
export const STAFF_ROLES = [
  'staff',
  'designer',
  'payment_verifier',
  'lead',
  'executive',
  'owner',
] as const;

export const StaffRoleSchema = z.enum(STAFF_ROLES, {
  error: `Role must be one of ${STAFF_ROLES.join(', ')}`,
});
export type StaffRole = z.infer<typeof StaffRoleSchema>;

export const ROLE_LABELS: Record<StaffRole, string> = {
  staff: 'Staff',
  designer: 'Designer',
  payment_verifier: 'Payment verifier',
  lead: 'Lead designer',
  executive: 'Executive',
  owner: 'Owner',
};

/**
 * The roles each role directly includes. A lead is a lead *designer*; executives may do
 * "everything" and press 'Verify payment' (DESIGN.md), so they include the verifier; the
 * owner includes the executive. Every role includes plain staff.
 */
const INCLUDES: Record<StaffRole, readonly StaffRole[]> = {
  staff: [],
  designer: ['staff'],
  payment_verifier: ['staff'],
  lead: ['designer'],
  executive: ['lead', 'payment_verifier'],
  owner: ['executive'],
};

function expand(role: StaffRole, seen = new Set<StaffRole>()): Set<StaffRole> {
  if (seen.has(role)) return seen;
  seen.add(role);
  for (const included of INCLUDES[role]) expand(included, seen);
  return seen;
}

const EXPANDED = new Map(STAFF_ROLES.map((role) => [role, expand(role)]));

/** The one place that knows which role includes which: does `user` act as `role`? */
export function hasRole(user: { readonly roles: readonly StaffRole[] }, role: StaffRole): boolean {
  return user.roles.some((held) => EXPANDED.get(held)?.has(role) ?? false);
}

/** Roles as stored: each once, in the order of STAFF_ROLES. */
export function normalizeRoles(roles: readonly StaffRole[]): StaffRole[] {
  return STAFF_ROLES.filter((role) => roles.includes(role));
}
