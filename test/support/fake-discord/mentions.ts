import { computePermissions, MENTION_EVERYONE } from './guild';
import type { FakeMessage } from './messages';
import { type FakeState, findMember } from './state';

/** Who a message notified. */
export interface Pings {
  users: string[];
  roles: string[];
  /** @everyone or @here went through. */
  everyone: boolean;
}

export const NO_PINGS: Pings = Object.freeze({ users: [], roles: [], everyone: false }) as Pings;

type Allowed = { parse?: unknown; users?: unknown; roles?: unknown };

const ids = (list: unknown): string[] => (Array.isArray(list) ? list.map(String) : []);

function allowedKinds(allowed: Allowed | undefined, viaInteraction: boolean): string[] {
  // Defaults ("Allowed Mentions Object"): every kind in channel messages, only users in
  // interaction replies and webhook messages.
  if (!allowed) return viaInteraction ? ['users'] : ['users', 'roles', 'everyone'];
  return ids(allowed.parse);
}

/**
 * Mentions in the content that actually notify: filtered by allowed_mentions, and for roles
 * and @everyone by what Discord permits (a mentionable role, or the bot's MENTION_EVERYONE).
 */
export function computePings(
  state: FakeState,
  message: FakeMessage,
  { viaInteraction }: { viaInteraction: boolean },
): Pings {
  if (message.ephemeral) return NO_PINGS;
  const content = message.content;
  const allowed = message.allowedMentions as Allowed | undefined;
  const kinds = allowedKinds(allowed, viaInteraction);
  const botMember = findMember(state, state.bot.id);
  const botBits = botMember ? BigInt(computePermissions(state.guild, botMember)) : 0n;
  const canMentionEveryone = (botBits & MENTION_EVERYONE) === MENTION_EVERYONE;
  const mentionedUsers = [...content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1] ?? '');
  const mentionedRoles = [...content.matchAll(/<@&(\d+)>/g)].map((match) => match[1] ?? '');
  const pick = (kind: 'users' | 'roles', mentioned: string[]) =>
    [...new Set(mentioned)].filter((id) =>
      kinds.includes(kind) ? true : ids(allowed?.[kind]).includes(id),
    );
  const roles = pick('roles', mentionedRoles).filter(
    (id) =>
      canMentionEveryone || state.guild.roles.some((role) => role.id === id && role.mentionable),
  );
  return {
    users: pick('users', mentionedUsers),
    roles,
    everyone:
      kinds.includes('everyone') && canMentionEveryone && /@(everyone|here)\b/.test(content),
  };
}
