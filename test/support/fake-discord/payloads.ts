import { computePermissions, type SeededGuild, type SeededMember, type SeededUser } from './guild';

// API object builders: shapes follow Discord's documented objects closely enough that
// discord.js's structures (Guild, GuildMember, TextChannel, Message) populate fully.

export function toApiUser(user: SeededUser) {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName !== undefined ? user.globalName : user.bot ? null : user.username,
    avatar: user.avatar ?? null,
    bot: user.bot,
    system: false,
    public_flags: 0,
    flags: 0,
  };
}

export function toApiMember(member: SeededMember) {
  return {
    user: toApiUser(member.user),
    nick: member.nick,
    avatar: null,
    roles: member.roles,
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

export function toApiChannel(
  guild: SeededGuild,
  channel: SeededGuild['channels'][number],
  lastMessageId: string | null = null,
) {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: guild.id,
    name: channel.name,
    position: guild.channels.indexOf(channel),
    permission_overwrites: channel.overwrites ?? [],
    parent_id: channel.parentId ?? null,
    topic: channel.topic ?? null,
    nsfw: false,
    last_message_id: lastMessageId,
    rate_limit_per_user: 0,
    flags: 0,
  };
}

export function toApiRole(guild: SeededGuild, role: SeededGuild['roles'][number]) {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.id === guild.id ? 0 : guild.roles.indexOf(role),
    permissions: role.permissions,
    managed: false,
    mentionable: role.mentionable,
    flags: 0,
  };
}

export function toApiGuild(guild: SeededGuild) {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: guild.roles.map((role) => toApiRole(guild, role)),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US',
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    max_members: 500000,
  };
}

export function toGuildCreate(guild: SeededGuild) {
  return {
    ...toApiGuild(guild),
    joined_at: guild.members.at(-1)?.joinedAt ?? new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: guild.members.length,
    members: guild.members.map(toApiMember),
    channels: guild.channels.map((channel) => toApiChannel(guild, channel)),
    threads: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function toInteractionMember(guild: SeededGuild, member: SeededMember) {
  return { ...toApiMember(member), permissions: computePermissions(guild, member) };
}

/** A member in `resolved`: "missing user, deaf and mute". */
export function toResolvedMember(guild: SeededGuild, member: SeededMember) {
  const { user: _user, deaf: _deaf, mute: _mute, ...rest } = toInteractionMember(guild, member);
  return rest;
}

export function toDmChannel(recipient: SeededUser, id: string) {
  return { id, type: 1, last_message_id: null, flags: 0, recipients: [toApiUser(recipient)] };
}

export function toMemberEvent(guild: SeededGuild, member: SeededMember) {
  return { ...toApiMember(member), guild_id: guild.id };
}
