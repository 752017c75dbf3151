import { HttpError, MAX_COMMANDS } from './errors';
import type { Json } from './form-errors';
import { generateSnowflake } from './snowflake';
import type { FakeState } from './state';

export interface CommandChoice {
  name: string;
  value: string | number;
}

/** An option as registered (Application Command Option Structure). */
export interface CommandOptionSpec {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  choices?: CommandChoice[];
  options?: CommandOptionSpec[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  autocomplete?: boolean;
  channel_types?: number[];
}

/** A registered command as Discord returns it. */
export interface RegisteredCommand {
  id: string;
  application_id: string;
  guild_id?: string;
  version: string;
  type: number;
  name: string;
  description: string;
  options?: CommandOptionSpec[];
  default_member_permissions: string | null;
  nsfw: boolean;
  [field: string]: unknown;
}

/** `global`, or the guild id the commands are registered in. */
export type CommandScope = string;

// Per scope and command type: 100 CHAT_INPUT, 15 USER, 15 MESSAGE ("Registering a Command").
const MAX_PER_TYPE: Record<number, number> = { 1: 100, 2: 15, 3: 15 };

// Fields Discord stores for a command; undefined ones (as discord.js sends them) vanish.
function contentOf(body: Json, scope: CommandScope): Json {
  const type = typeof body.type === 'number' ? body.type : 1;
  const content: Json = JSON.parse(
    JSON.stringify({
      type,
      name: body.name,
      name_localizations: body.name_localizations ?? undefined,
      description: type === 1 ? body.description : '',
      description_localizations: body.description_localizations ?? undefined,
      options: Array.isArray(body.options) && body.options.length > 0 ? body.options : undefined,
      default_member_permissions: body.default_member_permissions ?? null,
      nsfw: body.nsfw ?? false,
      contexts: scope === 'global' ? (body.contexts ?? null) : null,
      integration_types: scope === 'global' ? (body.integration_types ?? [0]) : [0],
    }),
  );
  return content;
}

/**
 * The stored command for this body. A command that already exists under the same type and
 * name keeps its id, and its version too unless something in it changed, as on Discord.
 */
export function toRegistered(
  state: FakeState,
  scope: CommandScope,
  body: Json,
  previous?: RegisteredCommand,
): RegisteredCommand {
  const content = contentOf(body, scope);
  const unchanged =
    previous && JSON.stringify(contentOf(previous, scope)) === JSON.stringify(content);
  return {
    id: previous?.id ?? generateSnowflake(),
    application_id: state.applicationId,
    ...(scope === 'global' ? {} : { guild_id: scope }),
    version: unchanged ? previous.version : generateSnowflake(),
    ...content,
  } as RegisteredCommand;
}

export function sameCommand(a: Json, b: Json): boolean {
  return (a.type ?? 1) === (b.type ?? 1) && a.name === b.name;
}

export function assertCommandCount(list: Json[]): void {
  for (const [type, max] of Object.entries(MAX_PER_TYPE)) {
    if (list.filter((item) => String(item.type ?? 1) === type).length > max) {
      throw new HttpError(
        400,
        { message: `Maximum number of application commands reached (${max})`, code: MAX_COMMANDS },
        true,
      );
    }
  }
}

/** Commands a member could pick in the guild: the guild's own first, then global ones. */
export function findCommand(state: FakeState, name: string, type = 1) {
  const candidates = [
    ...(state.commands.get(state.guild.id) ?? []),
    ...(state.commands.get('global') ?? []),
  ];
  return candidates.find((command) => command.name === name && command.type === type);
}
