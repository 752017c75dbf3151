import type { Interaction, Message, User } from 'discord.js';
import type { PersonInput } from '../db/repositories/people';

type RawMember = { nick?: string | null; nickname?: string | null };

/** A member's nickname: a cached GuildMember's `nickname`, or the raw member's `nick`. */
function nickOf(member: unknown): string | null {
  if (!member || typeof member !== 'object') return null;
  const { nickname, nick } = member as RawMember;
  return nickname ?? nick ?? null;
}

const personOf = (user: User, member: unknown): PersonInput => ({
  discordId: user.id,
  username: user.username,
  globalName: user.globalName,
  avatar: user.avatar,
  // An interaction in the studio server always carries the member: no member, no nickname.
  nick: member ? nickOf(member) : undefined,
});

/**
 * Everyone an interaction describes: who used it (with their nickname in the server) and the
 * users a command's options name (a /createpayment customer), so the dashboard can show
 * their names without them ever signing in.
 */
export function peopleIn(interaction: Interaction): PersonInput[] {
  const found = [personOf(interaction.user, interaction.member)];
  if (interaction.isChatInputCommand()) {
    const resolved = interaction.options?.resolved;
    for (const user of resolved?.users?.values() ?? []) {
      if (user.bot) continue;
      found.push(personOf(user, resolved?.members?.get(user.id)));
    }
  }
  return found;
}

/** Who wrote a message in the studio server, with their nickname there (the message's member). */
export function personOfMessage(message: Message): PersonInput {
  return personOf(message.author, message.member);
}
