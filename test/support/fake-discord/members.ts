import type { Gateway } from './gateway';
import { type MemberOptions, type SeededMember, toSeededMember } from './guild';
import { toApiUser, toMemberEvent } from './payloads';
import { type FakeState, findMember } from './state';

// GUILD_MEMBERS (privileged): without it Discord sends no member events, and a bot's cached
// members keep the roles they had, which the fake reproduces.
const GUILD_MEMBERS_INTENT = 1 << 1;

export function createMemberDirectory(state: FakeState, gateway: Gateway) {
  const assertRoles = (roles: string[]) => {
    const unknown = roles.filter((id) => !state.guild.roles.some((role) => role.id === id));
    if (unknown.length > 0) throw new Error(`fake-discord: unknown role ids ${unknown.join(', ')}`);
  };
  const memberOf = (userId: string): SeededMember => {
    const member = findMember(state, userId);
    if (!member) throw new Error(`fake-discord: user ${userId} is not a guild member`);
    return member;
  };

  return {
    /** Joins a user to the guild (GUILD_MEMBER_ADD), or brings back a past member. */
    addMember(input: MemberOptions): SeededMember {
      if (input.id && findMember(state, input.id)) {
        throw new Error(`fake-discord: user ${input.id} is already a member`);
      }
      assertRoles(input.roles ?? []);
      const member = toSeededMember(input);
      state.guild.members.push(member);
      state.users.set(member.user.id, member.user);
      gateway.dispatch(
        'GUILD_MEMBER_ADD',
        toMemberEvent(state.guild, member),
        GUILD_MEMBERS_INTENT,
      );
      return member;
    },
    /** Replaces a member's roles, as a moderator editing them would (GUILD_MEMBER_UPDATE). */
    setMemberRoles(userId: string, roles: string[]): SeededMember {
      assertRoles(roles);
      const member = memberOf(userId);
      member.roles = [...roles];
      gateway.dispatch(
        'GUILD_MEMBER_UPDATE',
        toMemberEvent(state.guild, member),
        GUILD_MEMBERS_INTENT,
      );
      return member;
    },
    /** The user leaves the guild (GUILD_MEMBER_REMOVE); the fake still knows the user. */
    removeMember(userId: string): void {
      const member = memberOf(userId);
      state.guild.members.splice(state.guild.members.indexOf(member), 1);
      gateway.dispatch(
        'GUILD_MEMBER_REMOVE',
        { guild_id: state.guild.id, user: toApiUser(member.user) },
        GUILD_MEMBERS_INTENT,
      );
    },
    /** The member's "Allow direct messages from server members" privacy setting. */
    setDmsClosed(userId: string, closed: boolean): void {
      memberOf(userId).closedDms = closed;
    },
  };
}
