import { randomBytes } from 'node:crypto';
import { type ButtonInteraction, type Interaction, MessageFlags } from 'discord.js';
import type { Config } from '../core/config';
import type { Database } from '../db/client';
import type { Log } from './log';

export interface BotContext {
  config: Config;
  db: Database;
  log: Log;
}

/** A `bot/buttons/*.ts` module: handles every button whose custom_id starts with `prefix:`. */
export interface ButtonHandler {
  customIdPrefix: string;
  execute(interaction: ButtonInteraction, ctx: BotContext): Promise<void>;
}

export interface InteractionHandlers {
  buttons: ButtonHandler[];
  // Slash commands and modals join here as `commands/` and `modals/` modules.
}

const GENERIC_ERROR = 'Something went wrong';

/**
 * The one place interactions enter: finds the handler, runs it, and turns any error into a
 * short ephemeral answer with a reference that is also in the log, so staff can report it.
 */
export function createInteractionDispatcher(ctx: BotContext, handlers: InteractionHandlers) {
  return async (interaction: Interaction): Promise<void> => {
    if (!interaction.isButton()) return;
    const handler = handlers.buttons.find((item) =>
      interaction.customId.startsWith(`${item.customIdPrefix}:`),
    );
    if (!handler) {
      await interaction
        .reply({ content: 'This button is no longer in use.', flags: MessageFlags.Ephemeral })
        .catch((error: unknown) =>
          ctx.log.warn({ err: error }, 'answering an unknown button failed'),
        );
      return;
    }
    try {
      await handler.execute(interaction, ctx);
    } catch (error) {
      const reference = randomBytes(4).toString('hex');
      ctx.log.error(
        { err: error, reference, customId: interaction.customId, userId: interaction.user.id },
        'interaction failed',
      );
      await answerError(interaction, `${GENERIC_ERROR} (reference ${reference}).`).catch(
        (answerFailure: unknown) =>
          ctx.log.warn({ err: answerFailure, reference }, 'error answer failed'),
      );
    }
  };
}

async function answerError(interaction: ButtonInteraction, content: string): Promise<void> {
  if (interaction.deferred || interaction.replied) {
    await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  } else {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  }
}
