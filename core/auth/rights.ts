import { z } from 'zod';
import { hasRole, type StaffRole } from './roles';

// A right is something a session may do that is not tied to being a staff member: the blog's
// passcode session (DESIGN.md decision 4) holds a right but no roles.
const RIGHTS = ['blog:edit'] as const;

export const RightSchema = z.enum(RIGHTS);
export type Right = z.infer<typeof RightSchema>;

/** The least role that grants each right; roles that include it grant it too (see hasRole). */
const GRANTED_BY: Record<Right, StaffRole> = {
  // Decision 4: signed-in leads and executives can edit the blog.
  'blog:edit': 'lead',
};

export function rightsOfRoles(roles: readonly StaffRole[]): Right[] {
  return RIGHTS.filter((right) => hasRole({ roles }, GRANTED_BY[right]));
}
