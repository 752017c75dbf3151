import { z } from 'zod';

// Refunds are the executives' alone (issue 31): a reason the timeline and the customer read.

export const REFUND_REASON_MAX = 500;

/** `POST /api/staff/orders/:id/refund`'s body, and the dashboard dialog's form. */
export const RefundRequestSchema = z.object({
  reason: z
    .string({ error: 'Reason: say why the order is refunded' })
    .trim()
    .min(3, { error: 'Reason: say why the order is refunded (at least 3 characters)' })
    .max(REFUND_REASON_MAX, { error: `Reason: at most ${REFUND_REASON_MAX} characters` }),
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
