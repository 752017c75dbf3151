import { buildCommandOptions, type CommandInput } from './command-input';
import { findCommand, type RegisteredCommand } from './commands';
import { ADMINISTRATOR, computePermissions } from './guild';
import type { Dispatcher, InteractionSource } from './interaction-dispatch';
import { buildModalSubmission, type ModalValue, textInputModal } from './modal-submission';
import { createResolved } from './resolved';
import { type FakeState, findMember, type InteractionRecord } from './state';

export interface ClickButtonInput extends InteractionSource {
  messageId: string;
  customId: string;
  /** 2 = button (default); 3 and 5–8 are select menus, which also take `values`. */
  componentType?: number;
  values?: string[];
}

export interface RunCommandInput extends InteractionSource, CommandInput {
  /** A registered CHAT_INPUT command's name (guild commands first, then global ones). */
  name: string;
  /**
   * Run it although `default_member_permissions` hides it from this member, as a server admin
   * can allow per role in Integrations settings.
   */
  ignoreDefaultPermissions?: boolean;
}

export interface AutocompleteInput extends RunCommandInput {
  /** The option being typed; it must be registered with `autocomplete: true`. */
  focused: string;
}

export interface SubmitModalInput extends Partial<InteractionSource> {
  /** The interaction the bot answered with a modal (callback 9): submits exactly that modal. */
  modal?: InteractionRecord;
  /** Without `modal`: the custom_id of a modal the fake did not see the bot open. */
  customId?: string;
  /** custom_id → what the user entered (see ModalValue). */
  fields: Record<string, ModalValue>;
  /** Without `modal`: text inputs in labels (default, Discord's current layout) or action rows. */
  layout?: 'label' | 'row';
}

const fail = (message: string): never => {
  throw new Error(`fake-discord: ${message}`);
};

// A command with default_member_permissions is hidden from members without all those bits;
// "0" leaves it to administrators.
function assertMayUse(state: FakeState, command: RegisteredCommand, input: RunCommandInput) {
  const member = findMember(state, input.userId);
  if (!member || command.default_member_permissions === null || input.ignoreDefaultPermissions) {
    return;
  }
  const has = BigInt(computePermissions(state.guild, member));
  const needed = BigInt(command.default_member_permissions);
  const allowed = (has & ADMINISTRATOR) !== 0n || (needed !== 0n && (has & needed) === needed);
  if (!allowed) fail(`Discord does not show /${command.name} to ${member.user.username}`);
}

export function createInteractionHelpers(
  state: FakeState,
  dispatcher: Dispatcher,
  getPort: () => number,
) {
  const commandData = (input: RunCommandInput, focused?: string) => {
    const command =
      findCommand(state, input.name) ?? fail(`/${input.name} is not a registered command`);
    assertMayUse(state, command, input);
    const resolved = createResolved(state, getPort());
    const options = buildCommandOptions(command, input, resolved, focused);
    return {
      id: command.id,
      name: command.name,
      type: 1,
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
      // Discord leaves `options` out when the user gave none.
      ...(options.length > 0 ? { options } : {}),
      resolved: resolved.build(),
    };
  };

  return {
    clickButton(input: ClickButtonInput) {
      const componentType = input.componentType ?? 2;
      return dispatcher.send(3, input, {
        custom_id: input.customId,
        component_type: componentType,
        ...(componentType === 2 ? {} : { values: input.values ?? [] }),
      });
    },
    runCommand(input: RunCommandInput) {
      return dispatcher.send(2, input, commandData(input), input.name);
    },
    autocomplete(input: AutocompleteInput) {
      return dispatcher.send(4, input, commandData(input, input.focused), input.name);
    },
    submitModal(input: SubmitModalInput) {
      const opened = input.modal;
      if (opened && !opened.modal) fail(`interaction ${opened.id} did not open a modal`);
      const modal =
        opened?.modal ??
        textInputModal(
          input.customId ?? fail('submitModal needs `modal` or `customId`'),
          input.fields,
          input.layout ?? 'label',
        );
      const userId = input.userId ?? opened?.userId ?? fail('submitModal needs a userId');
      if (opened && userId !== opened.userId)
        fail('only the user it opened for can submit a modal');
      const source: InteractionSource = {
        userId,
        channelId: input.channelId ?? opened?.channelId ?? fail('submitModal needs a channelId'),
        messageId: input.messageId ?? opened?.sourceMessageId,
        guildId: input.guildId,
        locale: input.locale,
      };
      const resolved = createResolved(state, getPort());
      const customId = String(modal.custom_id);
      return dispatcher.send(
        5,
        source,
        {
          custom_id: customId,
          components: buildModalSubmission(modal, input.fields, resolved),
          resolved: resolved.build(),
        },
        customId,
      );
    },
  };
}
