import type { UploadedFile } from './body';
import { NO_PINGS, type Pings } from './mentions';
import { generateSnowflake } from './snowflake';

export interface FakeAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  bytes: Buffer;
  description?: string;
}

/** One version of a message: what a reader on Discord would have seen at that moment. */
export interface MessageSnapshot {
  content: string;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
  attachments: FakeAttachment[];
  flags: number;
  at: number;
}

export interface FakeMessage extends MessageSnapshot {
  id: string;
  channelId: string;
  nonce?: string | number;
  createdAt: number;
  editedAt?: number;
  /** Every version, oldest first; the last one equals the current state. */
  history: MessageSnapshot[];
  deleted: boolean;
  /** A member who wrote it (`postAsMember`); unset: the bot. */
  authorId?: string;
  /** Set when the message is an interaction reply or a webhook follow-up. */
  interactionId?: string;
  /** The message this one replies to (`message_reference.message_id`). */
  replyTo?: string;
  ephemeral: boolean;
  /** The `allowed_mentions` object last sent for this message, as sent. */
  allowedMentions?: Json;
  /** Who got notified when the message appeared (content mentions filtered by allowed_mentions). */
  pings: Pings;
}

type Json = Record<string, unknown>;

function readList(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

function fileIndex(file: UploadedFile): number {
  const match = /^files?\[(\d+)\]$/.exec(file.field);
  return match ? Number(match[1]) : -1;
}

// discord.js sends `attachments: [{ id: <file index>, description }]` next to `files[n]`;
// on an edit, existing attachments listed by their snowflake id are kept, others dropped.
function resolveAttachments(body: Json, files: UploadedFile[], existing: FakeAttachment[]) {
  const meta = readList(body.attachments);
  const toAttachment = (file: UploadedFile, description?: unknown): FakeAttachment => ({
    id: generateSnowflake(),
    filename: file.filename,
    contentType: file.contentType,
    size: file.bytes.length,
    bytes: file.bytes,
    description: typeof description === 'string' ? description : undefined,
  });
  if (!Array.isArray(body.attachments)) {
    return [...existing, ...files.map((file) => toAttachment(file))];
  }
  const kept = existing.filter((old) => meta.some((entry) => String(entry.id) === old.id));
  const added = files.map((file, position) => {
    const index = fileIndex(file) >= 0 ? fileIndex(file) : position;
    const entry = meta.find((item) => String(item.id) === String(index));
    return toAttachment(file, entry?.description);
  });
  return [...kept, ...added];
}

function readAllowedMentions(body: Json): Json | undefined {
  const value = body.allowed_mentions;
  return value && typeof value === 'object' ? (value as Json) : undefined;
}

function snapshot(message: MessageSnapshot): MessageSnapshot {
  const { content, embeds, components, attachments, flags, at } = message;
  return { content, embeds, components, attachments, flags, at };
}

export function createMessage(
  channelId: string,
  body: Json,
  files: UploadedFile[],
  extra: { interactionId?: string } = {},
): FakeMessage {
  const now = Date.now();
  const flags = typeof body.flags === 'number' ? body.flags : 0;
  const state: MessageSnapshot = {
    content: typeof body.content === 'string' ? body.content : '',
    embeds: readList(body.embeds),
    components: readList(body.components),
    attachments: resolveAttachments(body, files, []),
    flags,
    at: now,
  };
  return {
    ...state,
    id: generateSnowflake(now),
    channelId,
    nonce:
      typeof body.nonce === 'string' || typeof body.nonce === 'number' ? body.nonce : undefined,
    createdAt: now,
    history: [snapshot(state)],
    deleted: false,
    interactionId: extra.interactionId,
    replyTo:
      typeof (body.message_reference as Json | undefined)?.message_id === 'string'
        ? String((body.message_reference as Json).message_id)
        : undefined,
    // 64 = EPHEMERAL: only the clicking user sees it, so it never lands in the channel.
    ephemeral: (flags & 64) === 64,
    allowedMentions: readAllowedMentions(body),
    pings: NO_PINGS,
  };
}

export function editMessage(message: FakeMessage, body: Json, files: UploadedFile[]): void {
  const now = Date.now();
  if (typeof body.content === 'string' || body.content === null)
    message.content = body.content ?? '';
  if (Array.isArray(body.embeds)) message.embeds = body.embeds as Json[];
  if (Array.isArray(body.components)) message.components = body.components as Json[];
  if (typeof body.flags === 'number') message.flags = body.flags;
  if (body.allowed_mentions !== undefined) message.allowedMentions = readAllowedMentions(body);
  if (Array.isArray(body.attachments) || files.length > 0) {
    message.attachments = resolveAttachments(body, files, message.attachments);
  }
  message.at = now;
  message.editedAt = now;
  message.history.push(snapshot(message));
}

/**
 * Discord replaces an embed image `attachment://<filename>` with the link of the file uploaded
 * in the same request when it stores the message. One naming no file of this request is kept
 * as sent (and shows nothing): an edit that uploads no files cannot point at the message's
 * older files that way, so a sender must reuse the stored link.
 */
export function resolveAttachmentImages(
  message: FakeMessage,
  uploaded: FakeAttachment[],
  linkOf: (file: FakeAttachment) => string,
): void {
  const resolve = (embed: Json): Json => {
    const image = embed.image as { url?: unknown } | undefined;
    const url = typeof image?.url === 'string' ? image.url : '';
    if (!url.startsWith('attachment://')) return embed;
    const file = uploaded.find((item) => item.filename === url.slice('attachment://'.length));
    return file ? { ...embed, image: { ...image, url: linkOf(file) } } : embed;
  };
  message.embeds = message.embeds.map(resolve);
  const last = message.history.at(-1);
  if (last) last.embeds = message.embeds;
}
