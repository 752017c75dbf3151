import type { StaffRole } from '../../core/auth';
import type { Database } from '../../db/client';
import { createSessionsRepository } from '../../db/repositories/sessions';
import { createStaffUsersRepository } from '../../db/repositories/staff-users';

/**
 * The test config's site (PUBLIC_URL unset, port 3000). Browsers send it as `Origin` on every
 * POST, PUT, PATCH and DELETE; a request with a session cookie and no `Origin` is refused as
 * a possible cross-site forgery (server/plugins/csrf.ts).
 */
export const SITE_ORIGIN = 'http://localhost:3000';

let nextDiscordId = 300_000_000_000_000_000n;

/** A staff member with `roles` and the cookie of a fresh staff session, straight in the database. */
export async function signInAsStaff(
  db: Database,
  roles: StaffRole[],
  username?: string,
  discordId = String(nextDiscordId++),
) {
  const member = await createStaffUsersRepository(db).upsertByDiscordId({
    discordId,
    username: username ?? `member-${roles.join('-') || 'none'}`,
    roles,
  });
  const { token } = await createSessionsRepository(db).create({
    scope: 'staff',
    staffUserId: member.id,
  });
  return { member, token, cookie: `lunar_staff=${token}` };
}
