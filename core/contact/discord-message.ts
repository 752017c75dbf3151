import { layoutEmbedFields } from '../discord/embed-fields';
import type { DiscordMessagePayload } from '../discord/payload';
import type { StoredContactMessage } from './schema';

const CONTACT_MESSAGE_COLOR = 0xb19cd9;

/** The contact-messages channel post; the message text is attached when it cannot fit. */
export function buildContactMessage(msg: StoredContactMessage): DiscordMessagePayload {
  const { embeds, files } = layoutEmbedFields({
    head: {
      title: 'New Contact Message',
      color: CONTACT_MESSAGE_COLOR,
      timestamp: msg.createdAt.toISOString(),
      footer: { text: `Contact message #${msg.id}` },
    },
    items: [
      { kind: 'field', name: 'Name', value: msg.name, inline: true },
      { kind: 'field', name: 'Email', value: msg.email, inline: true },
      { kind: 'field', name: 'Subject', value: msg.subject, file: 'subject.txt' },
      { kind: 'field', name: 'Message', value: msg.message, file: 'message.txt' },
    ],
    maxTextFiles: 2,
    combinedFileName: 'contact-message.txt',
  });
  return { embeds, attachments: files, allowed_mentions: { parse: [] } };
}
