import { HttpError, notFound, UNKNOWN_MEMBER, UNKNOWN_USER } from './errors';
import { assertGuild, findChannel, toAnyChannel } from './message-checks';
import { toApiChannel, toApiGuild, toApiMember, toApiRole, toApiUser } from './payloads';
import type { Route } from './router';
import { findMember } from './state';

export const appRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/gateway/bot',
    auth: 'bot',
    handle: ({ baseUrl }) => ({
      status: 200,
      body: {
        url: `ws://127.0.0.1:${baseUrl.port}/gateway`,
        shards: 1,
        session_start_limit: {
          total: 1000,
          remaining: 999,
          reset_after: 86_400_000,
          max_concurrency: 1,
        },
      },
    }),
  },
  {
    method: 'GET',
    pattern: '/gateway',
    auth: 'none',
    handle: ({ baseUrl }) => ({
      status: 200,
      body: { url: `ws://127.0.0.1:${baseUrl.port}/gateway` },
    }),
  },
  {
    method: 'GET',
    pattern: '/applications/@me',
    auth: 'bot',
    handle: ({ state }) => ({
      status: 200,
      body: {
        id: state.applicationId,
        name: state.bot.username,
        icon: null,
        description: '',
        bot_public: false,
        bot_require_code_grant: false,
        verify_key: '0'.repeat(64),
        flags: state.applicationFlags,
        owner: toApiUser(state.guild.members[0]?.user ?? state.bot),
        team: null,
        bot: toApiUser(state.bot),
      },
    }),
  },
  {
    method: 'GET',
    pattern: '/users/:userId',
    auth: 'bot',
    handle: ({ state, params }) => {
      const user = state.users.get(params.userId ?? '');
      if (!user) throw notFound(UNKNOWN_USER, 'User');
      return { status: 200, body: toApiUser(user) };
    },
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId',
    auth: 'bot',
    handle: ({ state, params }) => ({
      status: 200,
      body: toAnyChannel(state, findChannel(state, params.channelId ?? '')),
    }),
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId',
    auth: 'bot',
    handle: ({ state, params }) => {
      assertGuild(state, params.guildId);
      return { status: 200, body: toApiGuild(state.guild) };
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/channels',
    auth: 'bot',
    handle: ({ state, params }) => {
      assertGuild(state, params.guildId);
      return {
        status: 200,
        body: state.guild.channels.map((item) => toApiChannel(state.guild, item)),
      };
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/roles',
    auth: 'bot',
    handle: ({ state, params }) => {
      assertGuild(state, params.guildId);
      return { status: 200, body: state.guild.roles.map((role) => toApiRole(state.guild, role)) };
    },
  },
  {
    // Search Guild Members: usernames or nicknames starting with `query`, case-insensitive.
    // Wins over `/members/:userId` (fewer params).
    method: 'GET',
    pattern: '/guilds/:guildId/members/search',
    auth: 'bot',
    handle: ({ state, params, query }) => {
      assertGuild(state, params.guildId);
      const wanted = (query.get('query') ?? '').toLowerCase();
      const limit = Math.min(Math.max(Number(query.get('limit') ?? 1), 1), 1000);
      if (!wanted) {
        throw new HttpError(400, { message: 'Invalid Form Body', code: 50035 }, true);
      }
      const found = state.guild.members
        .filter((member) =>
          [member.user.username, member.nick ?? ''].some((name) =>
            name.toLowerCase().startsWith(wanted),
          ),
        )
        .slice(0, limit);
      return { status: 200, body: found.map(toApiMember) };
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/members/:userId',
    auth: 'bot',
    handle: ({ state, params }) => {
      assertGuild(state, params.guildId);
      const member = findMember(state, params.userId ?? '');
      if (!member) throw notFound(UNKNOWN_MEMBER, 'Member');
      return { status: 200, body: toApiMember(member) };
    },
  },
];
