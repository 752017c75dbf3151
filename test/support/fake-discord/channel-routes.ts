import { assertBotMay, readChannelBody, readOverwrite } from './channel-checks';
import { HttpError, INVALID_FORM_BODY, notFound, UNKNOWN_CHANNEL } from './errors';
import type { FieldIssue } from './form-errors';
import type { Gateway } from './gateway';
import type { SeededChannel } from './guild';
import { assertGuild } from './message-checks';
import { toApiChannel } from './payloads';
import type { Route } from './router';
import { generateSnowflake } from './snowflake';
import type { FakeState } from './state';

// GUILDS intent: channel create, update and delete events.
const GUILDS_INTENT = 1 << 0;

function findGuildChannel(state: FakeState, channelId: string | undefined): SeededChannel {
  const channel = state.guild.channels.find((item) => item.id === channelId);
  if (!channel) throw notFound(UNKNOWN_CHANNEL, 'Channel');
  return channel;
}

/** Create, modify and delete guild channels and their permission overwrites. */
export function channelRoutes(gateway: Gateway): Route[] {
  const announce = (state: FakeState, event: string, channel: SeededChannel) =>
    gateway.dispatch(event, toApiChannel(state.guild, channel), GUILDS_INTENT);
  return [
    {
      method: 'POST',
      pattern: '/guilds/:guildId/channels',
      auth: 'bot',
      handle: ({ state, params, body }) => {
        assertGuild(state, params.guildId);
        const fields = readChannelBody(state, body, { creating: true });
        const channel: SeededChannel = {
          id: generateSnowflake(),
          name: fields.name ?? '',
          type: fields.type ?? 0,
          parentId: fields.parentId ?? null,
          topic: fields.topic ?? null,
          overwrites: fields.overwrites ?? [],
        };
        state.guild.channels.push(channel);
        state.channelCreations.push(Date.now());
        announce(state, 'CHANNEL_CREATE', channel);
        return { status: 201, body: toApiChannel(state.guild, channel) };
      },
    },
    {
      method: 'PATCH',
      pattern: '/channels/:channelId',
      auth: 'bot',
      handle: ({ state, params, body }) => {
        const channel = findGuildChannel(state, params.channelId);
        const fields = readChannelBody(state, body, { creating: false, channel });
        if (fields.name !== undefined) channel.name = fields.name;
        if (fields.topic !== undefined) channel.topic = fields.topic;
        if (fields.parentId !== undefined) channel.parentId = fields.parentId;
        if (fields.overwrites !== undefined) channel.overwrites = fields.overwrites;
        announce(state, 'CHANNEL_UPDATE', channel);
        return { status: 200, body: toApiChannel(state.guild, channel) };
      },
    },
    {
      method: 'DELETE',
      pattern: '/channels/:channelId',
      auth: 'bot',
      handle: ({ state, params }) => {
        const channel = findGuildChannel(state, params.channelId);
        assertBotMay(state, 'channels');
        const children = state.guild.channels.filter((item) => item.parentId === channel.id);
        // Deleting a category leaves its channels without a parent, as on Discord.
        for (const child of children) child.parentId = null;
        state.guild.channels.splice(state.guild.channels.indexOf(channel), 1);
        state.deletedChannels.push(channel);
        announce(state, 'CHANNEL_DELETE', channel);
        return { status: 200, body: toApiChannel(state.guild, channel) };
      },
    },
    {
      method: 'PUT',
      pattern: '/channels/:channelId/permissions/:overwriteId',
      auth: 'bot',
      handle: ({ state, params, body }) => {
        const channel = findGuildChannel(state, params.channelId);
        const issues: FieldIssue[] = [];
        const overwrite = readOverwrite(state, issues, [], body, params.overwriteId);
        if (issues.length > 0) {
          const detail = issues
            .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
            .join('; ');
          throw new HttpError(
            400,
            { message: `Invalid Form Body (${detail})`, code: INVALID_FORM_BODY },
            true,
          );
        }
        assertBotMay(state, 'overwrites', [overwrite]);
        const others = (channel.overwrites ?? []).filter((item) => item.id !== overwrite.id);
        channel.overwrites = [...others, overwrite];
        announce(state, 'CHANNEL_UPDATE', channel);
        return { status: 204 };
      },
    },
    {
      method: 'DELETE',
      pattern: '/channels/:channelId/permissions/:overwriteId',
      auth: 'bot',
      handle: ({ state, params }) => {
        const channel = findGuildChannel(state, params.channelId);
        assertBotMay(state, 'overwrites');
        channel.overwrites = (channel.overwrites ?? []).filter(
          (item) => item.id !== params.overwriteId,
        );
        announce(state, 'CHANNEL_UPDATE', channel);
        return { status: 204 };
      },
    },
  ];
}
