import type { FakeMessage } from './messages';
import { toApiUser } from './payloads';
import type { FakeState } from './state';

export function toApiMessage(state: FakeState, message: FakeMessage, port: number) {
  return {
    id: message.id,
    channel_id: message.channelId,
    guild_id: state.guild.id,
    author: toApiUser(state.bot),
    content: message.content,
    timestamp: new Date(message.createdAt).toISOString(),
    edited_timestamp: message.editedAt ? new Date(message.editedAt).toISOString() : null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map((file) => {
      const url = `http://127.0.0.1:${port}/attachments/${message.channelId}/${file.id}/${encodeURIComponent(file.filename)}`;
      return {
        id: file.id,
        filename: file.filename,
        description: file.description,
        content_type: file.contentType,
        size: file.size,
        url,
        proxy_url: url,
      };
    }),
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
