import {
  buildDecisionDm,
  buildDecisionNotDeliveredNote,
  type DecisionDmFailure,
} from '../../core/applications/decision-dm';
import { buildApplicationMessage } from '../../core/applications/discord-message';
import type { OrderChannelKey } from '../../core/config';
import { buildContactMessage } from '../../core/contact/discord-message';
import type { DiscordMessagePayload } from '../../core/discord/payload';
import type { Executor } from '../../db/client';
import type { ImageStore } from '../../db/image-store';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { createContactMessagesRepository } from '../../db/repositories/contact-messages';
import { createOrdersRepository } from '../../db/repositories/orders';
import { createOutboxRepository, type OutboxRow } from '../../db/repositories/outbox';
import type { DeliveryTarget } from './routing';
import type { OutgoingFile } from './sender';

export interface RenderedDelivery {
  target: DeliveryTarget;
  payload: DiscordMessagePayload;
  files: OutgoingFile[];
  /** For a DM: what to post in the target's fallback channel when the DM cannot be sent. */
  fallback?: DiscordMessagePayload;
  /** Edit this message (in the target channel) instead of posting a new one. */
  editMessageId?: string;
  /** For an applicant: the note for the reviewer when the DM cannot be sent, and why. */
  undelivered?: (reason: DecisionDmFailure) => DiscordMessagePayload;
}

/**
 * Turns an outbox row into the message to send, built at send time from the stored row (so
 * the message shows the row as it is now) with image bytes read from their files.
 * Null when the row it describes no longer exists.
 */
export function createDeliveryRenderer(
  db: Executor,
  images: ImageStore,
  { siteUrl }: { siteUrl?: string } = {},
) {
  const applications = createApplicationsRepository(db);
  const contactMessages = createContactMessagesRepository(db);
  const orders = createOrdersRepository(db);
  const outbox = createOutboxRepository(db);

  async function renderApplication(id: number): Promise<RenderedDelivery | null> {
    const row = await applications.findById(id);
    if (!row) return null;
    const payload = buildApplicationMessage(row, { siteUrl });
    // Only the images the message attaches: the rest may be tens of MB Discord will not take.
    const attachedIds = (payload.attachments ?? []).flatMap((file) =>
      file.kind === 'stored' ? [Number(file.fileId)] : [],
    );
    const rows = attachedIds.length ? await applications.readImages(id, attachedIds) : [];
    const bytesById = new Map<string, Uint8Array>();
    for (const image of rows) {
      bytesById.set(String(image.id), await images.read(image.contentHash));
    }
    return {
      target: { kind: 'application', type: row.type },
      payload,
      files: toFiles(payload, bytesById),
    };
  }

  // Built at send time from the stored decision; the note replies to the application's
  // message, found through the outbox row that posted it.
  async function renderDecision(id: number): Promise<RenderedDelivery | null> {
    const row = await applications.findById(id);
    const payload = row && buildDecisionDm(row);
    if (!row || !payload) return null;
    const posted = await outbox.findByRef('application', id);
    const replyTo = posted?.discordMessageId ?? undefined;
    return {
      target: {
        kind: 'applicant',
        typed: row.discordUsername,
        type: row.type,
        ...(posted?.discordChannelId && { noteChannelId: posted.discordChannelId }),
      },
      payload,
      files: [],
      undelivered: (reason) => buildDecisionNotDeliveredNote(row, reason, replyTo),
    };
  }

  async function renderContact(id: number): Promise<RenderedDelivery | null> {
    const row = await contactMessages.findById(id);
    if (!row) return null;
    const payload = buildContactMessage(row);
    return { target: { kind: 'contact' }, payload, files: toFiles(payload, new Map()) };
  }

  // Order messages are built when the order changes and stored as sent, so the message says
  // what happened then (a later change sends its own message).
  async function renderOrderMessage(id: number): Promise<RenderedDelivery | null> {
    const row = await orders.findMessage(id);
    if (!row) return null;
    const payload = row.payload as unknown as DiscordMessagePayload;
    const target: DeliveryTarget = row.dmUserId
      ? { kind: 'dm', userId: row.dmUserId, fallbackChannelId: row.channelId ?? '' }
      : row.channelKey
        ? { kind: 'order_channel', channel: row.channelKey as OrderChannelKey }
        : { kind: 'channel', channelId: row.channelId ?? '' };
    const fallback = row.fallbackPayload as unknown as DiscordMessagePayload | null;
    return {
      target,
      payload,
      files: [],
      ...(fallback && { fallback }),
      ...(row.editMessageId && { editMessageId: row.editMessageId }),
    };
  }

  return {
    /** An application's message as it is now (with its decision), for editing the post. */
    async renderPostedApplication(id: number): Promise<DiscordMessagePayload | null> {
      const row = await applications.findById(id);
      return row ? buildApplicationMessage(row, { decision: row.decision ?? undefined }) : null;
    },
    render(row: OutboxRow): Promise<RenderedDelivery | null> {
      if (row.kind === 'order_message') return renderOrderMessage(row.refId);
      if (row.kind === 'application_decision') return renderDecision(row.refId);
      return row.kind === 'application' ? renderApplication(row.refId) : renderContact(row.refId);
    },
  };
}

function toFiles(
  payload: DiscordMessagePayload,
  bytesById: Map<string, Uint8Array>,
): OutgoingFile[] {
  const encoder = new TextEncoder();
  return (payload.attachments ?? []).map((file) => {
    const bytes = file.kind === 'text' ? encoder.encode(file.text) : bytesById.get(file.fileId);
    if (!bytes)
      throw new Error(`stored file ${file.kind === 'stored' ? file.fileId : ''} is missing`);
    return {
      name: file.filename,
      description: file.description,
      contentType: file.contentType,
      bytes,
    };
  });
}
