import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_POLICIES,
  type SignInError,
  type StaffRole,
  signInPagePath,
} from '../../../core/auth';
import { createPeopleRepository, type PersonInput } from '../../../db/repositories/people';
import { createStaffUsersRepository } from '../../../db/repositories/staff-users';
import { cookieOptions, SESSION_COOKIES, sessionToken } from '../../plugins/auth';

/** Sends the browser to the sign-in page with an error code and where it was going. */
export function redirectToSignIn(reply: FastifyReply, error: SignInError, next?: string) {
  return reply.header('cache-control', 'no-store').redirect(signInPagePath({ error, next }));
}

type SigningIn = {
  discordId: string;
  username?: string | null;
  /** What Discord (or the link) says now; null keeps the roles stored for the member. */
  roles: readonly StaffRole[] | null;
  /** What Discord said of them (an OAuth2 sign-in), remembered for names in the dashboard. */
  people?: readonly (PersonInput | null)[];
};

/**
 * The end of every sign-in: records the member's name and roles (the owner role is kept),
 * and, if they are staff, replaces any staff session the browser had with a new one and
 * sends it to `next`. Someone with no staff role gets the sign-in page's `not_staff` answer,
 * no session, and no row if they were never staff.
 */
export async function signInMember(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { discordId, username, roles, people = [] }: SigningIn,
  next: string,
) {
  const staffUsers = createStaffUsersRepository(app.db);
  const seen = people.filter((person): person is PersonInput => person !== null);
  if (seen.length > 0) await createPeopleRepository(app.db).remember(seen);
  const stored = await staffUsers.findByDiscordId(discordId);
  if (!stored && !roles?.length) return redirectToSignIn(reply, 'not_staff', next);
  const member =
    roles === null && stored
      ? stored
      : await staffUsers.syncByDiscordId({
          discordId,
          username: username ?? stored?.username ?? discordId,
          roles: roles ?? [],
        });
  if (member.roles.length === 0) {
    await app.sessions.deleteForStaffUser(member.id);
    return redirectToSignIn(reply, 'not_staff', next);
  }
  await staffUsers.markSignedIn(member.id, username ?? undefined);

  // A fresh token at each sign-in: a session id planted in this browser before is dropped.
  const previous = sessionToken(request, 'staff');
  if (previous) await app.sessions.delete(previous);
  const { token } = await app.sessions.create({ scope: 'staff', staffUserId: member.id });
  const maxAgeSeconds = Math.floor(SESSION_POLICIES.staff.lifetimeMs / 1000);
  reply.setCookie(SESSION_COOKIES.staff, token, cookieOptions(app.config, maxAgeSeconds));
  return reply.header('cache-control', 'no-store').redirect(next);
}
