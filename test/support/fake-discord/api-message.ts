import { toApiAttachment } from './cdn';
import type { FakeMessage } from './messages';
import { toApiUser } from './payloads';
import type { FakeState } from './state';

export function toApiMessage(state: FakeState, message: FakeMessage, port: number) {
  const inDm = state.dmChannels.some((channel) => channel.id === message.channelId);
  return {
    id: message.id,
    channel_id: message.channelId,
    guild_id: inDm ? undefined : state.guild.id,
    author: toApiUser((message.authorId && state.users.get(message.authorId)) || state.bot),
    content: message.content,
    timestamp: new Date(message.createdAt).toISOString(),
    edited_timestamp: message.editedAt ? new Date(message.editedAt).toISOString() : null,
    tts: false,
    mention_everyone: message.pings.everyone,
    mentions: message.pings.users.flatMap((id) => {
      const user = state.users.get(id);
      return user ? [toApiUser(user)] : [];
    }),
    mention_roles: message.pings.roles,
    attachments: message.attachments.map((file) =>
      toApiAttachment(state, port, 'attachments', message.channelId, file),
    ),
    embeds: message.embeds.map((embed) => ({ type: 'rich', ...embed })),
    components: message.components,
    reactions: [],
    nonce: message.nonce,
    pinned: false,
    type: 0,
    flags: message.flags,
    application_id: message.interactionId ? state.applicationId : undefined,
    webhook_id: message.interactionId ? state.applicationId : undefined,
  };
}
