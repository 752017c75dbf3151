import {
  type APIApplication,
  type APIApplicationCommand,
  DiscordAPIError,
  HTTPError,
  REST,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  Routes,
} from 'discord.js';
import type { DiscordConnection } from '../core/config';
import { INVALID_TOKEN_MESSAGE } from './bot-retry';
import { type CommandChange, diffCommands } from './command-diff';

type RegisterResult = { applicationId: string; changes: CommandChange[] };

/** A failure told in terms of what to fix. */
export class RegisterError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RegisterError';
  }
}

/**
 * Replaces the studio server's slash commands with `commands` in one bulk overwrite (PUT), so
 * commands removed from bot/commands/ disappear too. Guild commands update at once; a script
 * run by hand rather than on every start, since Discord limits daily command creates.
 */
export async function registerGuildCommands(
  connection: DiscordConnection,
  commands: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<RegisterResult> {
  const rest = new REST({ ...(connection.apiUrl && { api: connection.apiUrl }) });
  rest.setToken(connection.token);
  try {
    const applicationId =
      connection.applicationId ??
      ((await rest.get(Routes.currentApplication())) as APIApplication).id;
    const route = Routes.applicationGuildCommands(applicationId, connection.guildId);
    const current = (await rest.get(route)) as APIApplicationCommand[];
    const changes = diffCommands(current, commands);
    if (!dryRun) await rest.put(route, { body: commands });
    return { applicationId, changes };
  } catch (error) {
    throw new RegisterError(explain(error, connection), { cause: error });
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

function explain(error: unknown, { guildId, apiUrl }: DiscordConnection): string {
  if (error instanceof DiscordAPIError || error instanceof HTTPError) {
    const code = error instanceof DiscordAPIError ? error.code : 0;
    if (error.status === 401) return INVALID_TOKEN_MESSAGE;
    if (code === 50001) {
      return (
        `The bot may not manage commands in server ${guildId} (Missing Access). Invite it with ` +
        'the applications.commands scope (developer portal → OAuth2 → URL Generator: bot and ' +
        'applications.commands), and check DISCORD_GUILD_ID.'
      );
    }
    if (code === 10004) return `Discord knows no server ${guildId}: check DISCORD_GUILD_ID.`;
    if (code === 10002) return 'Discord knows no such application: check DISCORD_APPLICATION_ID.';
    return `Discord refused the request (${error.status}): ${error.message}`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `Could not reach Discord at ${apiUrl ?? 'https://discord.com/api'}: ${reason}`;
}
