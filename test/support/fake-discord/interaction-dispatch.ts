import { randomBytes } from 'node:crypto';
import { toApiMessage } from './api-message';
import type { Gateway } from './gateway';
import { toApiChannel, toInteractionMember } from './payloads';
import { generateSnowflake } from './snowflake';
import { type FakeState, findAnyMessage, findMember, type InteractionRecord } from './state';

/** Rejects a helper's promise when the bot let Discord's answer window pass. */
export class InteractionTimeoutError extends Error {
  constructor(
    readonly record: InteractionRecord,
    windowMs: number,
  ) {
    super(`fake-discord: interaction ${record.id} got no callback within ${windowMs} ms`);
    this.name = 'InteractionTimeoutError';
  }
}

/** Where and by whom an interaction happens. */
export interface InteractionSource {
  channelId: string;
  userId: string;
  /** The message whose component was used, or that opened the modal. */
  messageId?: string;
  /** Claim it came from another server (the member and channel stay the seeded ones). */
  guildId?: string;
  /** The user's client language; default en-US. */
  locale?: string;
}

function findMessage(state: FakeState, channelId: string, messageId: string, userId: string) {
  const found = findAnyMessage(state, messageId);
  if (!found || found.message.channelId !== channelId) {
    throw new Error(`fake-discord: no message ${messageId} in channel ${channelId}`);
  }
  if (found.onlyFor && found.onlyFor !== userId) {
    throw new Error(`fake-discord: message ${messageId} is ephemeral: only its user sees it`);
  }
  return found.message;
}

/**
 * Sends INTERACTION_CREATE as Discord does and tracks the answer: the promise resolves with
 * the record on the first accepted callback and rejects once the window (3 s) has passed.
 */
export function createDispatcher(state: FakeState, gateway: Gateway, getPort: () => number) {
  const timers = new Map<string, NodeJS.Timeout>();

  const send = (
    type: number,
    source: InteractionSource,
    data: Record<string, unknown>,
    name?: string,
  ): Promise<InteractionRecord> => {
    const member = findMember(state, source.userId);
    if (!member) throw new Error(`fake-discord: user ${source.userId} is not a guild member`);
    const channel = state.guild.channels.find((item) => item.id === source.channelId);
    if (!channel) throw new Error(`fake-discord: unknown channel ${source.channelId}`);
    const botMember = findMember(state, state.bot.id);
    const message = source.messageId
      ? findMessage(state, source.channelId, source.messageId, member.user.id)
      : undefined;
    const record: InteractionRecord = {
      id: generateSnowflake(),
      token: `aW50ZXJhY3Rpb246${randomBytes(96).toString('base64url')}`,
      type,
      channelId: channel.id,
      userId: member.user.id,
      sentAt: Date.now(),
      name,
      callbacks: [],
      loading: false,
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
        reject(new InteractionTimeoutError(record, state.interactionTimeoutMs));
      }, state.interactionTimeoutMs);
      timers.set(record.id, timer);
      state.callbackWaiters.set(record.id, (done) => {
        clearTimeout(timer);
        timers.delete(record.id);
        state.callbackWaiters.delete(record.id);
        resolve(done);
      });
    });
    const guildId = source.guildId ?? state.guild.id;
    const locale = source.locale ?? 'en-US';
    const sent = gateway.dispatch('INTERACTION_CREATE', {
      id: record.id,
      application_id: state.applicationId,
      type,
      token: record.token,
      version: 1,
      guild_id: guildId,
      guild: { id: guildId, locale: 'en-US', features: [] },
      guild_locale: 'en-US',
      channel_id: channel.id,
      channel: toApiChannel(state.guild, channel),
      member: toInteractionMember(state.guild, member),
      app_permissions: botMember ? toInteractionMember(state.guild, botMember).permissions : '0',
      locale,
      entitlements: [],
      authorizing_integration_owners: { 0: state.guild.id },
      context: 0,
      attachment_size_limit: state.maxFileBytes,
      message: message ? toApiMessage(state, message, getPort()) : undefined,
      data,
    });
    if (sent === 0) {
      clearTimeout(timers.get(record.id));
      timers.delete(record.id);
      state.callbackWaiters.delete(record.id);
      return Promise.reject(
        new Error('fake-discord: no identified gateway client to receive the interaction'),
      );
    }
    return answered;
  };

  return {
    send,
    close() {
      for (const [id, timer] of timers) {
        clearTimeout(timer);
        state.callbackWaiters.delete(id);
      }
      timers.clear();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
