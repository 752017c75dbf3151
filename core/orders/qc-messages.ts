import { escapeMarkdown } from '../discord/markdown';
import type { DiscordEmbedField } from '../discord/payload';
import { buildOrderCustomId, ORDER_MODAL_FIELDS } from './custom-ids';
import { type DiscordModal, TEXT_INPUT_STYLE, textInput, withinModalLimits } from './discord-modal';
import { QC_REASON_MAX } from './options';
import type { OrderState } from './order';
import {
  allowMentions,
  BUTTON_STYLE,
  buttonRow,
  fileLink,
  isImageUrl,
  mentionChannel,
  mentionRole,
  mentionUser,
  ORDER_COLORS,
  type OrderMessagePayload,
  orderButton,
  withinLimits,
} from './order-message';

interface QcSubmissionOptions {
  /** Which submission this message shows; the latest by default. */
  attempt?: number;
  /** The lead-designer role to ping with a new submission; left out when not configured. */
  leadRoleId?: string | null;
}

type QcView = 'waiting' | 'approved' | 'changes' | 'replaced';

function viewOf(order: OrderState, attempt: number): QcView {
  if (attempt < order.qcAttempts) return 'replaced';
  if (order.status === 'in_qc') return 'waiting';
  return order.qcPassed ? 'approved' : 'changes';
}

function outcomeField(order: OrderState, view: QcView): DiscordEmbedField {
  const by = order.qcReviewedBy ? mentionUser(order.qcReviewedBy) : 'a lead designer';
  switch (view) {
    case 'waiting':
      return { name: 'Status', value: 'Waiting for a lead designer' };
    case 'approved':
      return { name: 'Status', value: `Approved by ${by}` };
    case 'changes':
      return {
        name: 'Status',
        value: `Changes requested by ${by}. The reason is in the ticket ${mentionChannel(order.ticketChannelId)}.`,
      };
    case 'replaced':
      return { name: 'Status', value: `Replaced by submission ${order.qcAttempts}` };
  }
}

/**
 * The /qualitycontrol post in the QC channel, with Approve / Request changes for leads (the bot
 * checks the role; Discord shows buttons to everyone). Rebuilt from the order to edit it once
 * decided or replaced, with the buttons disabled.
 */
export function buildQcSubmissionMessage(
  order: OrderState,
  options: QcSubmissionOptions = {},
): OrderMessagePayload {
  const attempt = options.attempt ?? order.qcAttempts;
  if (attempt < 1) throw new RangeError(`order ${order.id} has no QC submission`);
  const view = viewOf(order, attempt);
  const current = attempt === order.qcAttempts;
  const fileUrl = current ? order.workFileUrl : null;
  const leadRoleId = view === 'waiting' ? options.leadRoleId : null;
  const fields: DiscordEmbedField[] = [
    { name: 'Designer', value: mentionUser(order.designerDiscordId), inline: true },
    { name: 'Submission', value: String(attempt), inline: true },
    { name: 'Ticket', value: mentionChannel(order.ticketChannelId), inline: true },
  ];
  if (order.qcSubmittedBy && order.qcSubmittedBy !== order.designerDiscordId && current) {
    fields.push({ name: 'Submitted by', value: mentionUser(order.qcSubmittedBy), inline: true });
  }
  if (current) {
    fields.push({
      name: 'Work',
      value: fileUrl ? fileLink('Open the file', fileUrl) : 'No file attached: see the ticket.',
    });
  }
  fields.push(outcomeField(order, view));
  const decided = view !== 'waiting';
  const ids = { orderId: order.id, attempt };
  return withinLimits({
    ...(leadRoleId ? { content: `${mentionRole(leadRoleId)} new work to check.` } : {}),
    embeds: [
      {
        title: `Quality control: order ${order.id}`,
        color: {
          waiting: ORDER_COLORS.waiting,
          approved: ORDER_COLORS.success,
          changes: ORDER_COLORS.danger,
          replaced: ORDER_COLORS.brand,
        }[view],
        fields,
        ...(fileUrl && isImageUrl(fileUrl) ? { image: { url: fileUrl } } : {}),
        footer: { text: `Order ${order.id} · submission ${attempt}` },
      },
    ],
    components: [
      buttonRow(
        orderButton('Approve', BUTTON_STYLE.success, { action: 'qc_approve', ...ids }, decided),
        orderButton(
          'Request changes',
          BUTTON_STYLE.danger,
          { action: 'qc_changes', ...ids },
          decided,
        ),
      ),
    ],
    allowed_mentions: allowMentions({ roles: [leadRoleId] }),
  });
}

/** The modal behind 'Request changes': the lead's reason, sent to the ticket. */
export function buildRequestChangesModal(order: OrderState): DiscordModal {
  return withinModalLimits({
    custom_id: buildOrderCustomId({
      action: 'qc_changes_reason',
      orderId: order.id,
      attempt: order.qcAttempts,
    }),
    title: `Changes for ${order.id}`,
    components: [
      textInput({
        custom_id: ORDER_MODAL_FIELDS.reason,
        style: TEXT_INPUT_STYLE.paragraph,
        label: 'What should the designer change?',
        min_length: 1,
        max_length: QC_REASON_MAX,
        required: true,
        placeholder: 'This is posted in the ticket, where the customer can read it.',
      }),
    ],
  });
}

/**
 * The QC outcome in the ticket: passed, with the designer's 'Deliver' button (disabled once
 * delivered or logged), or the changes a lead asked for, with their reason escaped.
 */
export function buildQcOutcomeNotice(order: OrderState): OrderMessagePayload {
  const designer = mentionUser(order.designerDiscordId);
  const lead = order.qcReviewedBy ? mentionUser(order.qcReviewedBy) : 'A lead designer';
  const mentions = allowMentions({ users: [order.designerDiscordId] });
  if (order.qcPassed) {
    return withinLimits({
      content: `${designer}, order ${order.id} passed quality control. Press Deliver to send the work to the customer.`,
      embeds: [
        {
          title: `Order ${order.id} passed quality control`,
          description: `${lead} approved submission ${order.qcAttempts}. Your share for this order is 90%.`,
          color: ORDER_COLORS.success,
        },
      ],
      components: [
        buttonRow(
          orderButton(
            order.status === 'qc_passed' ? 'Deliver' : 'Delivered',
            BUTTON_STYLE.primary,
            { action: 'deliver', orderId: order.id },
            order.status !== 'qc_passed',
          ),
        ),
      ],
      allowed_mentions: mentions,
    });
  }
  if (order.qcChangesReason === null) {
    throw new RangeError(`order ${order.id} has no QC outcome to announce`);
  }
  return withinLimits({
    content: `${designer}, changes were requested for order ${order.id}. Submit it again with /qualitycontrol when they are done.`,
    embeds: [
      {
        title: `Changes requested for order ${order.id}`,
        description: escapeMarkdown(order.qcChangesReason),
        fields: [{ name: 'Requested by', value: lead }],
        color: ORDER_COLORS.danger,
      },
    ],
    allowed_mentions: mentions,
  });
}
