import { toApiMessage } from './api-message';
import type { Gateway } from './gateway';
import type { FakeMessage } from './messages';
import { toApiMember } from './payloads';
import { type FakeState, findMember } from './state';

// MESSAGE_CREATE over the gateway (Discord's "Gateway Events": Message Create), sent for every
// message that lands in a channel — a member's, the bot's own REST posts, interaction replies
// that are not ephemeral — to the connections whose intents ask for it: GUILD_MESSAGES for a
// guild channel, DIRECT_MESSAGES for a DM. As documented, the payload is the message with
// `guild_id` and the author's partial `member` (none for a webhook's message), and without the
// MESSAGE_CONTENT intent `content`, `embeds`, `attachments` and `components` come empty,
// except in the bot's own messages, DMs, and messages that mention the bot.

export const GUILD_MESSAGES_INTENT = 1 << 9;
export const DIRECT_MESSAGES_INTENT = 1 << 12;
/** Privileged: identifying with it needs the application's Message Content flag (else 4014). */
export const MESSAGE_CONTENT_INTENT = 1 << 15;

export interface MessageEvents {
  /** Announces a message just stored in `state.messages`. */
  created(message: FakeMessage, port: number): void;
}

export function createMessageEvents(state: FakeState, gateway: Gateway): MessageEvents {
  return {
    created(message, port) {
      if (message.ephemeral) return;
      const inDm = state.dmChannels.some((channel) => channel.id === message.channelId);
      const api = toApiMessage(state, message, port);
      const author = findMember(state, message.authorId ?? state.bot.id);
      const member =
        !inDm && author && !api.webhook_id
          ? (({ user: _user, ...partial }) => partial)(toApiMember(author))
          : undefined;
      const event = { ...api, ...(member && { member }) };
      const byBot = api.author.id === state.bot.id;
      const readable = inDm || byBot || message.pings.users.includes(state.bot.id);
      gateway.dispatch(
        'MESSAGE_CREATE',
        (intents: number) =>
          readable || (intents & MESSAGE_CONTENT_INTENT) !== 0
            ? event
            : { ...event, content: '', embeds: [], attachments: [], components: [] },
        inDm ? DIRECT_MESSAGES_INTENT : GUILD_MESSAGES_INTENT,
      );
    },
  };
}
