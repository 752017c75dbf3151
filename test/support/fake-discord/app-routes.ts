import { HttpError, notFound, UNKNOWN_GUILD, UNKNOWN_MEMBER } from './errors';
import { findChannel } from './message-checks';
import { toApiChannel, toApiGuild, toApiMember, toApiRole, toApiUser } from './payloads';
import type { Route, RouteContext } from './router';
import { generateSnowflake } from './snowflake';
import type { FakeState } from './state';

function assertGuild(state: FakeState, guildId: string | undefined) {
  if (guildId !== state.guild.id) throw notFound(UNKNOWN_GUILD, 'Guild');
}

function toStoredCommand(ctx: RouteContext, raw: unknown, scope: string): Record<string, unknown> {
  const command = (raw ?? {}) as Record<string, unknown>;
  if (typeof command.name !== 'string' || !/^[-_\p{Ll}\p{N}]{1,32}$/u.test(command.name)) {
    throw new HttpError(
      400,
      {
        message: 'Invalid Form Body',
        code: 50035,
        errors: {
          name: {
            _errors: [
              { code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' },
            ],
          },
        },
      },
      true,
    );
  }
  return {
    type: 1,
    description: '',
    options: [],
    default_member_permissions: null,
    nsfw: false,
    ...command,
    id: generateSnowflake(),
    application_id: ctx.state.applicationId,
    guild_id: scope === 'global' ? undefined : scope,
    version: generateSnowflake(),
  };
}

function commandRoutes(pattern: string, scopeOf: (ctx: RouteContext) => string): Route[] {
  const scope = (ctx: RouteContext) => {
    const value = scopeOf(ctx);
    if (value !== 'global') assertGuild(ctx.state, value);
    return value;
  };
  return [
    {
      method: 'GET',
      pattern,
      auth: true,
      handle: (ctx) => ({ status: 200, body: ctx.state.commands.get(scope(ctx)) ?? [] }),
    },
    {
      method: 'PUT',
      pattern,
      auth: true,
      handle: (ctx) => {
        const key = scope(ctx);
        const list = Array.isArray(ctx.rawBody) ? ctx.rawBody : [];
        const stored = list.map((item) => toStoredCommand(ctx, item, key));
        ctx.state.commands.set(key, stored);
        return { status: 200, body: stored };
      },
    },
    {
      method: 'POST',
      pattern,
      auth: true,
      handle: (ctx) => {
        const key = scope(ctx);
        const stored = toStoredCommand(ctx, ctx.rawBody, key);
        const others = (ctx.state.commands.get(key) ?? []).filter(
          (item) => item.name !== stored.name,
        );
        ctx.state.commands.set(key, [...others, stored]);
        return { status: 201, body: stored };
      },
    },
  ];
}

export const appRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/gateway/bot',
    auth: true,
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
    auth: false,
    handle: ({ baseUrl }) => ({
      status: 200,
      body: { url: `ws://127.0.0.1:${baseUrl.port}/gateway` },
    }),
  },
  {
    method: 'GET',
    pattern: '/users/@me',
    auth: true,
    handle: ({ state }) => ({
      status: 200,
      body: { ...toApiUser(state.bot), verified: true, mfa_enabled: false },
    }),
  },
  {
    method: 'GET',
    pattern: '/applications/@me',
    auth: true,
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
        flags: 0,
        owner: toApiUser(state.guild.members[0]?.user ?? state.bot),
        team: null,
        bot: toApiUser(state.bot),
      },
    }),
  },
  ...commandRoutes('/applications/:appId/commands', () => 'global'),
  ...commandRoutes(
    '/applications/:appId/guilds/:guildId/commands',
    (ctx) => ctx.params.guildId ?? '',
  ),
  {
    method: 'GET',
    pattern: '/channels/:channelId',
    auth: true,
    handle: ({ state, params }) => ({
      status: 200,
      body: toApiChannel(state.guild, findChannel(state, params.channelId ?? '')),
    }),
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId',
    auth: true,
    handle: ({ state, params }) => {
      assertGuild(state, params.guildId);
      return { status: 200, body: toApiGuild(state.guild) };
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/channels',
    auth: true,
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
    auth: true,
    handle: ({ state, params }) => {
      assertGuild(state, params.guildId);
      return { status: 200, body: state.guild.roles.map((role) => toApiRole(state.guild, role)) };
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/members/:userId',
    auth: true,
    handle: ({ state, params }) => {
      assertGuild(state, params.guildId);
      const member = state.guild.members.find((item) => item.user.id === params.userId);
      if (!member) throw notFound(UNKNOWN_MEMBER, 'Member');
      return { status: 200, body: toApiMember(member) };
    },
  },
];
