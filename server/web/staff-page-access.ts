import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, signInPagePath } from '../../core/auth';

/**
 * Staff pages (`access: 'staff'` in the route table: the guides, DESIGN.md decision 6, and the
 * dashboard) need a staff session. Decided on the route the page router matched, so no
 * spelling of a path (`//Staff/x`, `/%73taff/x`) reaches a staff page around it. False when
 * the reply is the redirect to the sign-in page, which brings the browser back afterwards.
 */
export async function admitStaffPage(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const staff = (await request.getPrincipal())?.staff;
  if (staff && hasRole(staff, 'staff')) return true;
  const error = staff ? 'not_staff' : undefined;
  await reply
    .header('cache-control', 'private, no-store')
    .redirect(signInPagePath({ next: request.url, error }));
  return false;
}
