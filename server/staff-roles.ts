import type { FastifyBaseLogger } from 'fastify';
import {
  isDiscordUserId,
  ROLES_RECHECK_MS,
  type StaffRole,
  staffRolesFromDiscord,
} from '../core/auth';
import type { DiscordRoleSource } from '../core/config';
import type { PeopleRepository, PersonInput } from '../db/repositories/people';
import type { Session, SessionsRepository } from '../db/repositories/sessions';
import type { StaffUsersRepository } from '../db/repositories/staff-users';
import { fetchGuildMember } from './discord-rest';

/** A failed re-read (Discord down) is tried again this soon, not after the full interval. */
const ROLES_RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * The member's staff roles as the studio server says now: none when they are not in it.
 * Throws DiscordUnavailableError when Discord cannot say.
 */
export async function readDiscordStaffRoles(
  source: DiscordRoleSource,
  discordId: string,
): Promise<{ roles: StaffRole[]; username: string | null; person: PersonInput | null }> {
  const member = await fetchGuildMember(source, discordId);
  if (!member) return { roles: [], username: null, person: null };
  return {
    roles: staffRolesFromDiscord(member.roleIds, source.roleIds),
    username: member.username,
    person: member.person,
  };
}

type RefresherDeps = {
  source: DiscordRoleSource | null;
  staffUsers: StaffUsersRepository;
  people: PeopleRepository;
  sessions: SessionsRepository;
  log: FastifyBaseLogger;
};

/**
 * Re-reads a staff session's roles from Discord once they are older than ROLES_RECHECK_MS,
 * so a member removed in Discord loses access within that time. One request per member does
 * it (claimRolesCheck); the others go on with the stored roles. A member who lost every staff
 * role has their sessions ended (null). When Discord cannot answer, the stored roles stay and
 * the read is tried again a minute later: an outage must not lock the studio out.
 */
export function createRoleRefresher({ source, staffUsers, people, sessions, log }: RefresherDeps) {
  return async function refreshRoles(session: Session): Promise<Session | null> {
    const staff = session.staff;
    if (!source || !staff || !session.rolesStale || !isDiscordUserId(staff.discordId)) {
      return session;
    }
    if (!(await staffUsers.claimRolesCheck(staff.id, ROLES_RECHECK_MS))) return session;
    let reading: Awaited<ReturnType<typeof readDiscordStaffRoles>>;
    try {
      reading = await readDiscordStaffRoles(source, staff.discordId);
    } catch (error) {
      log.warn(
        { err: error, staffUserId: staff.id },
        'could not re-read staff roles from Discord; keeping the stored ones',
      );
      await staffUsers.retryRolesCheck(staff.id, ROLES_RECHECK_MS, ROLES_RETRY_AFTER_FAILURE_MS);
      return session;
    }
    if (reading.person) await people.remember(reading.person);
    const member = await staffUsers.syncByDiscordId({
      discordId: staff.discordId,
      username: reading.username ?? staff.username,
      roles: reading.roles,
    });
    if (member.roles.length === 0) {
      await sessions.deleteForStaffUser(member.id);
      log.info({ staffUserId: member.id }, 'no staff role left in Discord: sessions ended');
      return null;
    }
    return {
      ...session,
      rolesStale: false,
      staff: { ...staff, username: member.username, roles: member.roles },
    };
  };
}
