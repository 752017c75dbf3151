import { randomBytes } from 'node:crypto';
import { toApiMessage } from './api-message';
import type { Gateway } from './gateway';
import { toApiChannel, toInteractionMember } from './payloads';
import { generateSnowflake } from './snowflake';
import type { FakeState, InteractionRecord } from './state';

export interface ClickButtonInput {
  channelId: string;
  messageId: string;
  customId: string;
  userId: string;
  /** 2 = button (default); 3 and 5–8 are select menus, which also take `values`. */
  componentType?: number;
  values?: string[];
  /** Claim the click came from another server (the member and channel stay the seeded ones). */
  guildId?: string;
}

export type CommandOption = {
  name: string;
  type: number;
  value?: unknown;
  options?: CommandOption[];
};

export interface RunCommandInput {
  name: string;
  /** Either Discord's raw option list, or name → value (string, integer, boolean, number). */
  options?: CommandOption[] | Record<string, string | number | boolean>;
  channelId: string;
  userId: string;
}

export interface SubmitModalInput {
  customId: string;
  /** Text input custom_id → value. */
  fields: Record<string, string>;
  channelId: string;
  userId: string;
  /** Set when the modal was opened from a component on this message. */
  messageId?: string;
}

// Application command option types (Discord docs, "Application Command Option Type").
function toOptions(options: RunCommandInput['options']): CommandOption[] {
  if (!options) return [];
  if (Array.isArray(options)) return options;
  return Object.entries(options).map(([name, value]) => {
    if (typeof value === 'boolean') return { name, type: 5, value };
    if (typeof value === 'number') return { name, type: Number.isInteger(value) ? 4 : 10, value };
    return { name, type: 3, value };
  });
}

export function createInteractionDispatcher(
  state: FakeState,
  gateway: Gateway,
  getPort: () => number,
) {
  const timers = new Map<string, { timer: NodeJS.Timeout; reject: (error: Error) => void }>();

  const findMessage = (channelId: string, messageId: string) => {
    const message = state.messages.find(
      (item) => item.id === messageId && item.channelId === channelId,
    );
    if (!message) throw new Error(`fake-discord: no message ${messageId} in channel ${channelId}`);
    return message;
  };

  const dispatch = (
    type: number,
    input: { channelId: string; userId: string; messageId?: string; guildId?: string },
    data: Record<string, unknown>,
  ): Promise<InteractionRecord> => {
    const member = state.guild.members.find((item) => item.user.id === input.userId);
    if (!member) throw new Error(`fake-discord: user ${input.userId} is not a guild member`);
    const channel = state.guild.channels.find((item) => item.id === input.channelId);
    if (!channel) throw new Error(`fake-discord: unknown channel ${input.channelId}`);
    const botMember = state.guild.members.find((item) => item.user.id === state.bot.id);
    const message = input.messageId ? findMessage(input.channelId, input.messageId) : undefined;
    const record: InteractionRecord = {
      id: generateSnowflake(),
      token: `aW50ZXJhY3Rpb246${randomBytes(96).toString('base64url')}`,
      type,
      channelId: channel.id,
      userId: member.user.id,
      followUps: [],
      sourceMessageId: message?.id,
      expired: false,
    };
    state.interactions.set(record.id, record);
    const answered = new Promise<InteractionRecord>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Discord invalidates the token after 3 s without a callback; so does the fake.
        record.expired = true;
        timers.delete(record.id);
        state.callbackWaiters.delete(record.id);
        reject(
          new Error(
            `fake-discord: interaction ${record.id} got no callback within ${state.interactionTimeoutMs} ms`,
          ),
        );
      }, state.interactionTimeoutMs);
      timers.set(record.id, { timer, reject });
      state.callbackWaiters.set(record.id, (done) => {
        clearTimeout(timer);
        timers.delete(record.id);
        state.callbackWaiters.delete(record.id);
        resolve(done);
      });
    });
    const sent = gateway.dispatch('INTERACTION_CREATE', {
      id: record.id,
      application_id: state.applicationId,
      type,
      token: record.token,
      version: 1,
      guild_id: input.guildId ?? state.guild.id,
      guild: { id: input.guildId ?? state.guild.id, locale: 'en-US', features: [] },
      guild_locale: 'en-US',
      channel_id: channel.id,
      channel: toApiChannel(state.guild, channel),
      member: toInteractionMember(state.guild, member),
      app_permissions: botMember ? toInteractionMember(state.guild, botMember).permissions : '0',
      locale: 'en-US',
      entitlements: [],
      authorizing_integration_owners: { 0: state.guild.id },
      context: 0,
      attachment_size_limit: state.maxFileBytes,
      message: message ? toApiMessage(state, message, getPort()) : undefined,
      data,
    });
    if (sent === 0) {
      timers
        .get(record.id)
        ?.reject(
          new Error('fake-discord: no identified gateway client to receive the interaction'),
        );
      clearTimeout(timers.get(record.id)?.timer);
      timers.delete(record.id);
    }
    return answered;
  };

  return {
    clickButton(input: ClickButtonInput) {
      const componentType = input.componentType ?? 2;
      return dispatch(3, input, {
        custom_id: input.customId,
        component_type: componentType,
        ...(componentType === 2 ? {} : { values: input.values ?? [] }),
      });
    },
    runCommand(input: RunCommandInput) {
      const registered = [...state.commands.values()]
        .flat()
        .find((item) => item.name === input.name);
      return dispatch(2, input, {
        id: typeof registered?.id === 'string' ? registered.id : generateSnowflake(),
        name: input.name,
        type: 1,
        guild_id: state.guild.id,
        options: toOptions(input.options),
      });
    },
    submitModal(input: SubmitModalInput) {
      return dispatch(5, input, {
        custom_id: input.customId,
        components: Object.entries(input.fields).map(([customId, value]) => ({
          type: 1,
          components: [{ type: 4, custom_id: customId, value }],
        })),
      });
    },
    close() {
      for (const [id, pending] of timers) {
        clearTimeout(pending.timer);
        state.callbackWaiters.delete(id);
      }
      timers.clear();
    },
  };
}
