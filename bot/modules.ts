import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  ModalSubmitInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { Config, DiscordRoleKey } from '../core/config';
import type { Database } from '../db/client';
import type { Log } from './log';

// The shapes of `bot/commands/`, `bot/buttons/` and `bot/modals/` modules. Each declares who
// may use it; the dispatcher (dispatcher.ts) enforces that before `execute` runs, so a module
// only holds what it does.

export interface BotContext {
  config: Config;
  db: Database;
  log: Log;
}

/**
 * Who may use a module: everyone in the studio server, or members holding at least one of
 * the listed roles (keys of `config.discord.roles`). Required, so a new module cannot be
 * open to everyone by forgetting it.
 */
export type Access = 'everyone' | { roles: readonly [DiscordRoleKey, ...DiscordRoleKey[]] };

/** `bot/commands/<name>.ts`: a slash command, registered by `npm run discord:register`. */
export interface CommandModule {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  access: Access;
  execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void>;
  /** Suggestions for options declared with `autocomplete: true`; the same access applies. */
  autocomplete?(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void>;
}

/** `bot/buttons/<name>.ts`: every button whose custom_id is `prefix` or starts `prefix:`. */
export interface ButtonModule {
  customIdPrefix: string;
  access: Access;
  execute(interaction: ButtonInteraction, ctx: BotContext): Promise<void>;
}

/** `bot/modals/<name>.ts`: every modal submit whose custom_id is `prefix` or starts `prefix:`. */
export interface ModalModule {
  customIdPrefix: string;
  access: Access;
  execute(interaction: ModalSubmitInteraction, ctx: BotContext): Promise<void>;
}

/** `bot/selects/<name>.ts`: every string select whose custom_id is `prefix` or starts `prefix:`. */
export interface SelectModule {
  customIdPrefix: string;
  access: Access;
  execute(interaction: StringSelectMenuInteraction, ctx: BotContext): Promise<void>;
}

export interface InteractionModules {
  commands: readonly CommandModule[];
  buttons: readonly ButtonModule[];
  modals: readonly ModalModule[];
  /** String selects (the ticket panel's service select); none by default. */
  selects?: readonly SelectModule[];
}
