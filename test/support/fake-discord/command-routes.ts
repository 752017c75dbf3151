import { validateCommand, validateCommandList } from './command-checks';
import {
  assertCommandCount,
  type CommandScope,
  type RegisteredCommand,
  sameCommand,
  toRegistered,
} from './commands';
import { HttpError, MISSING_ACCESS, notFound, UNKNOWN_COMMAND } from './errors';
import { asObject, assertNoIssues } from './form-errors';
import type { Route, RouteContext } from './router';

// A bot may only manage its own application's commands, in guilds it was added to; anything
// else is Discord's well-known 403 Missing Access.
function scopeOf(ctx: RouteContext): CommandScope {
  const { state, params } = ctx;
  const missingAccess = new HttpError(403, { message: 'Missing Access', code: MISSING_ACCESS });
  if (params.appId !== state.applicationId) throw missingAccess;
  if (params.guildId === undefined) return 'global';
  if (params.guildId !== state.guild.id) throw missingAccess;
  return params.guildId;
}

function listOf(ctx: RouteContext, scope: CommandScope): RegisteredCommand[] {
  return ctx.state.commands.get(scope) ?? [];
}

function findById(ctx: RouteContext, scope: CommandScope): RegisteredCommand {
  const command = listOf(ctx, scope).find((item) => item.id === ctx.params.commandId);
  if (!command) throw notFound(UNKNOWN_COMMAND, 'application command');
  return command;
}

function bulkOverwrite(ctx: RouteContext) {
  const scope = scopeOf(ctx);
  const list = Array.isArray(ctx.rawBody) ? ctx.rawBody.map(asObject) : [];
  assertNoIssues(validateCommandList(list));
  assertCommandCount(list);
  const before = listOf(ctx, scope);
  const stored = list.map((body) =>
    toRegistered(
      ctx.state,
      scope,
      body,
      before.find((old) => sameCommand(old, body)),
    ),
  );
  ctx.state.commands.set(scope, stored);
  return { status: 200, body: stored };
}

function create(ctx: RouteContext) {
  const scope = scopeOf(ctx);
  assertNoIssues(validateCommand(ctx.body));
  const before = listOf(ctx, scope);
  const previous = before.find((old) => sameCommand(old, ctx.body));
  if (!previous) assertCommandCount([...before, ctx.body]);
  const stored = toRegistered(ctx.state, scope, ctx.body, previous);
  ctx.state.commands.set(scope, [...before.filter((old) => old !== previous), stored]);
  // 201 for a new command, 200 when one of the same name was overwritten.
  return { status: previous ? 200 : 201, body: stored };
}

function edit(ctx: RouteContext) {
  const scope = scopeOf(ctx);
  const previous = findById(ctx, scope);
  const merged = { ...previous, ...ctx.body };
  assertNoIssues(validateCommand(merged));
  const others = listOf(ctx, scope).filter((old) => old !== previous);
  if (others.some((old) => sameCommand(old, merged))) {
    assertNoIssues(validateCommandList([...others, merged]));
  }
  const stored = toRegistered(ctx.state, scope, merged, previous);
  ctx.state.commands.set(
    scope,
    listOf(ctx, scope).map((old) => (old === previous ? stored : old)),
  );
  return { status: 200, body: stored };
}

function commandRoutes(base: string): Route[] {
  const one = `${base}/:commandId`;
  return [
    {
      method: 'GET',
      pattern: base,
      auth: 'bot',
      handle: (ctx) => ({ status: 200, body: listOf(ctx, scopeOf(ctx)) }),
    },
    { method: 'PUT', pattern: base, auth: 'bot', handle: bulkOverwrite },
    { method: 'POST', pattern: base, auth: 'bot', handle: create },
    {
      method: 'GET',
      pattern: one,
      auth: 'bot',
      handle: (ctx) => ({ status: 200, body: findById(ctx, scopeOf(ctx)) }),
    },
    { method: 'PATCH', pattern: one, auth: 'bot', handle: edit },
    {
      method: 'DELETE',
      pattern: one,
      auth: 'bot',
      handle: (ctx) => {
        const scope = scopeOf(ctx);
        const command = findById(ctx, scope);
        ctx.state.commands.set(
          scope,
          listOf(ctx, scope).filter((item) => item !== command),
        );
        return { status: 204 };
      },
    },
  ];
}

export const applicationCommandRoutes: Route[] = [
  ...commandRoutes('/applications/:appId/commands'),
  ...commandRoutes('/applications/:appId/guilds/:guildId/commands'),
];
