import { randomBytes } from 'node:crypto';
import {
  type AutocompleteInteraction,
  type Interaction,
  MessageFlags,
  type RepliableInteraction,
} from 'discord.js';
import { createPeopleRepository } from '../db/repositories/people';
import { memberRoleKeys, refusalFor } from './member-roles';
import type { Access, BotContext, InteractionModules } from './modules';
import { peopleIn } from './people';

export const OTHER_GUILD_REFUSAL = 'Lunar only answers in the studio server.';
export const NO_LONGER_IN_USE = {
  command: 'This command is no longer in use.',
  button: 'This button is no longer in use.',
  modal: 'This form is no longer in use.',
  other: 'This is no longer in use.',
} as const;
const GENERIC_ERROR = 'Something went wrong';

type Handler = { access: Access; run: (ctx: BotContext) => Promise<void> };

/** What an interaction asks for, and the module that answers it, if there is one. */
type Routed = {
  interaction: RepliableInteraction;
  /** For the log: `/tax`, `button application:accept:12`. */
  what: string;
  unknown: string;
  handler: Handler | undefined;
};

/**
 * The one place interactions enter. In order: remembers who used it (the people table, for
 * names in the dashboard), refuses other servers, answers an unknown command/button/form,
 * refuses a member without the module's declared role (saying which), runs the module, and
 * turns any error into a short ephemeral answer with a reference that is also in the log, so
 * staff can report it.
 */
export function createInteractionDispatcher(
  ctx: BotContext,
  modules: InteractionModules,
  /** The studio server: roles are only meaningful there. */
  guildId: string,
) {
  const find = indexModules(modules);
  const { log } = ctx;
  const people = createPeopleRepository(ctx.db);

  const refusalOf = (interaction: Interaction, access: Access) => {
    const roles = ctx.config.discord.roles;
    return refusalFor(access, memberRoleKeys(interaction, roles), roles);
  };

  /** Names for the dashboard: beside the answer, never in its way (Discord's 3 s window). */
  function rememberWhoUsed(interaction: Interaction): void {
    const failed = (error: unknown) =>
      log.warn({ err: error }, 'remembering who used an interaction failed');
    try {
      people.remember(peopleIn(interaction)).catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  async function suggest(interaction: AutocompleteInteraction): Promise<void> {
    const command = find.command(interaction.commandName);
    const allowed =
      interaction.guildId === guildId && command && !refusalOf(interaction, command.access);
    try {
      if (allowed && command.autocomplete) return await command.autocomplete(interaction, ctx);
    } catch (error) {
      const reference = newReference();
      log.error(
        { err: error, reference, command: interaction.commandName, userId: interaction.user.id },
        'autocomplete failed',
      );
    }
    // Suggestions have no room for a message: an empty list is the polite refusal.
    if (!interaction.responded) {
      await interaction.respond([]).catch((error: unknown) => {
        log.warn({ err: error }, 'answering an autocomplete failed');
      });
    }
  }

  return async (interaction: Interaction): Promise<void> => {
    if (interaction.guildId === guildId) rememberWhoUsed(interaction);
    if (interaction.isAutocomplete()) return suggest(interaction);
    const routed = route(interaction, find);
    if (!routed) return;
    const { handler, what } = routed;
    const refusal =
      interaction.guildId !== guildId
        ? OTHER_GUILD_REFUSAL
        : !handler
          ? routed.unknown
          : refusalOf(interaction, handler.access);
    if (refusal) {
      log.debug({ what, userId: interaction.user.id, refusal }, 'interaction refused');
      await answer(routed.interaction, refusal).catch((error: unknown) =>
        log.warn({ err: error, what }, 'answering a refused interaction failed'),
      );
      return;
    }
    try {
      await handler?.run(ctx);
    } catch (error) {
      const reference = newReference();
      log.error({ err: error, reference, what, userId: interaction.user.id }, 'interaction failed');
      await answer(routed.interaction, `${GENERIC_ERROR} (reference ${reference}).`).catch(
        (answerFailure: unknown) =>
          log.warn({ err: answerFailure, reference }, 'error answer failed'),
      );
    }
  };
}

function route(interaction: Interaction, find: ModuleIndex): Routed | undefined {
  if (interaction.isChatInputCommand()) {
    const command = find.command(interaction.commandName);
    return {
      interaction,
      what: `/${interaction.commandName}`,
      unknown: NO_LONGER_IN_USE.command,
      handler: command && {
        access: command.access,
        run: (ctx) => command.execute(interaction, ctx),
      },
    };
  }
  if (interaction.isButton()) {
    const button = find.button(interaction.customId);
    return {
      interaction,
      what: `button ${interaction.customId}`,
      unknown: NO_LONGER_IN_USE.button,
      handler: button && { access: button.access, run: (ctx) => button.execute(interaction, ctx) },
    };
  }
  if (interaction.isModalSubmit()) {
    const modal = find.modal(interaction.customId);
    return {
      interaction,
      what: `modal ${interaction.customId}`,
      unknown: NO_LONGER_IN_USE.modal,
      handler: modal && { access: modal.access, run: (ctx) => modal.execute(interaction, ctx) },
    };
  }
  if (interaction.isStringSelectMenu()) {
    const select = find.select(interaction.customId);
    return {
      interaction,
      what: `select ${interaction.customId}`,
      unknown: NO_LONGER_IN_USE.other,
      handler: select && { access: select.access, run: (ctx) => select.execute(interaction, ctx) },
    };
  }
  // Other selects and context-menu commands: none are ours yet, but each still gets an answer.
  if (interaction.isRepliable()) {
    return {
      interaction,
      what: `interaction type ${interaction.type}`,
      unknown: NO_LONGER_IN_USE.other,
      handler: undefined,
    };
  }
  return undefined;
}

type ModuleIndex = ReturnType<typeof indexModules>;

/** Lookups by command name and custom_id prefix; refuses clashes at start-up, not at a click. */
export function indexModules(modules: InteractionModules) {
  const commands = new Map(modules.commands.map((command) => [command.data.name, command]));
  if (commands.size !== modules.commands.length) {
    const names = modules.commands.map((command) => command.data.name);
    const twice = names.filter((name, index) => names.indexOf(name) !== index);
    throw new Error(`Two command modules are named /${twice[0]}`);
  }
  return {
    command: (name: string) => commands.get(name),
    button: byCustomIdPrefix(modules.buttons, 'button'),
    modal: byCustomIdPrefix(modules.modals, 'modal'),
    select: byCustomIdPrefix(modules.selects ?? [], 'select'),
  };
}

const matches = (customId: string, prefix: string) =>
  customId === prefix || customId.startsWith(`${prefix}:`);

function byCustomIdPrefix<T extends { customIdPrefix: string }>(list: readonly T[], kind: string) {
  for (const a of list) {
    const clash = list.find((b) => a !== b && matches(a.customIdPrefix, b.customIdPrefix));
    if (clash) {
      throw new Error(
        `The ${kind} prefixes "${a.customIdPrefix}" and "${clash.customIdPrefix}" overlap`,
      );
    }
  }
  return (customId: string) => list.find((item) => matches(customId, item.customIdPrefix));
}

const newReference = () => randomBytes(4).toString('hex');

async function answer(interaction: RepliableInteraction, content: string): Promise<void> {
  const message = {
    content,
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  } as const;
  if (interaction.deferred || interaction.replied) await interaction.followUp(message);
  else await interaction.reply(message);
}
