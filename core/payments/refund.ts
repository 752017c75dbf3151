import { z } from 'zod';
import { text } from '../shared/text';

// Refunds are the executives' alone (issue 31): a reason the timeline and the customer read.

export const REFUND_REASON_MAX = 500;

const REFUND_REASON_REQUIRED = 'Reason: say why the order is refunded (at least 3 characters)';

/**
 * `POST /api/staff/orders/:id/refund`'s body, and the dashboard dialog's form. The reason is
 * stored and sent to the customer, so it follows the one text rule (no NUL, lone surrogate or
 * control character; decision 021).
 */
export const RefundRequestSchema = z.object({
  reason: text('Reason', {
    min: 3,
    max: REFUND_REASON_MAX,
    requiredMessage: REFUND_REASON_REQUIRED,
    minMessage: REFUND_REASON_REQUIRED,
  }),
});

export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** How the dashboard shows an order's refund. */
export interface OrderRefundView {
  method: 'card' | 'robux';
  amountLabel: string;
  reason: string;
  byName: string | null;
  status: 'pending' | 'succeeded';
  at: Date | string;
}
