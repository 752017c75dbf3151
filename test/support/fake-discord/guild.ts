import { generateSnowflake } from './snowflake';

export interface GuildOptions {
  id?: string;
  name?: string;
  channels?: Array<{ id?: string; name: string; type?: number; parentId?: string }>;
  roles?: Array<{ id?: string; name: string; permissions?: string; mentionable?: boolean }>;
  members?: MemberOptions[];
}

export interface MemberOptions {
  id?: string;
  username: string;
  /** Discord's display name; the username by default, as for a new account. */
  globalName?: string | null;
  /** Their nickname in this server; none by default. */
  nick?: string | null;
  /** An avatar hash (32 hex digits); the default avatar when left out. */
  avatar?: string | null;
  roles?: string[];
  /** "Allow direct messages from server members" turned off: DMs from the bot answer 50007. */
  closedDms?: boolean;
}

export interface SeededUser {
  id: string;
  username: string;
  bot: boolean;
  globalName?: string | null;
  avatar?: string | null;
}

export interface SeededMember {
  user: SeededUser;
  nick: string | null;
  roles: string[];
  joinedAt: string;
  closedDms: boolean;
}

/** A permission overwrite as Discord stores it: type 0 a role, 1 a member; bitfields as strings. */
export interface Overwrite {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}

export interface SeededChannel {
  id: string;
  name: string;
  /** 0 text, 2 voice, 4 category, 5 announcement, 15 forum. */
  type: number;
  parentId?: string | null;
  topic?: string | null;
  overwrites?: Overwrite[];
}

export interface SeededGuild {
  id: string;
  name: string;
  ownerId: string;
  channels: SeededChannel[];
  roles: Array<{ id: string; name: string; permissions: string; mentionable: boolean }>;
  members: SeededMember[];
}

// Permission bits (Discord docs, "Permissions"): what a new member and the bot get by default.
const VIEW_CHANNEL = 1n << 10n;
const SEND_MESSAGES = 1n << 11n;
const EMBED_LINKS = 1n << 14n;
const ATTACH_FILES = 1n << 15n;
const READ_MESSAGE_HISTORY = 1n << 16n;
// What the invite URL asks for so tickets work (README "Discord"): channels and their overwrites.
export const MANAGE_CHANNELS = 1n << 4n;
export const MANAGE_ROLES = 1n << 28n;
const USE_APPLICATION_COMMANDS = 1n << 31n;
export const ADMINISTRATOR = 1n << 3n;
export const MENTION_EVERYONE = 1n << 17n;
const EVERYONE_PERMISSIONS =
  VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS;
const BOT_PERMISSIONS =
  EVERYONE_PERMISSIONS | EMBED_LINKS | ATTACH_FILES | MANAGE_CHANNELS | MANAGE_ROLES;
export const ALL_PERMISSIONS = (1n << 53n) - 1n;

export function seedGuild(opts: GuildOptions, bot: SeededUser): SeededGuild {
  const id = opts.id ?? generateSnowflake();
  const roles = (
    opts.roles ?? [{ name: 'Lead Designer' }, { name: 'Executive Team' }, { name: 'Designer' }]
  ).map((role) => ({
    id: role.id ?? generateSnowflake(),
    name: role.name,
    permissions: role.permissions ?? EVERYONE_PERMISSIONS.toString(),
    mentionable: role.mentionable ?? false,
  }));
  const botRole = {
    id: generateSnowflake(),
    name: bot.username,
    permissions: BOT_PERMISSIONS.toString(),
    mentionable: false,
  };
  // @everyone has the guild's own id, as on Discord.
  const everyone = {
    id,
    name: '@everyone',
    permissions: EVERYONE_PERMISSIONS.toString(),
    mentionable: false,
  };
  const channels = (
    opts.channels ?? [{ name: 'applications' }, { name: 'contact' }, { name: 'general' }]
  ).map((channel) => ({
    id: channel.id ?? generateSnowflake(),
    name: channel.name,
    type: channel.type ?? 0,
    parentId: channel.parentId ?? null,
  }));
  const firstRole = roles[0]?.id;
  const people = opts.members ?? [
    { username: 'lead', roles: firstRole ? [firstRole] : [] },
    { username: 'member', roles: [] },
  ];
  const members = people.map((person) => toSeededMember(person));
  members.push({ ...toSeededMember(bot), user: bot, roles: [botRole.id] });
  return {
    id,
    name: opts.name ?? 'Lunar Test Guild',
    ownerId: members[0]?.user.id ?? bot.id,
    channels,
    roles: [everyone, ...roles, botRole],
    members,
  };
}

export function toSeededMember(person: MemberOptions): SeededMember {
  return {
    user: {
      id: person.id ?? generateSnowflake(),
      username: person.username,
      bot: false,
      globalName: person.globalName,
      avatar: person.avatar,
    },
    nick: person.nick ?? null,
    roles: person.roles ?? [],
    joinedAt: new Date().toISOString(),
    closedDms: person.closedDms ?? false,
  };
}

export function computePermissions(guild: SeededGuild, member: SeededMember): string {
  let bits = 0n;
  for (const role of guild.roles) {
    if (role.id === guild.id || member.roles.includes(role.id)) bits |= BigInt(role.permissions);
  }
  // The owner and administrators hold every permission.
  if (member.user.id === guild.ownerId || (bits & ADMINISTRATOR) === ADMINISTRATOR) {
    return ALL_PERMISSIONS.toString();
  }
  return bits.toString();
}
