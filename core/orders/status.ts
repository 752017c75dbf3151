import { z } from 'zod';

/**
 * DESIGN.md "Orders in Discord": the states an order moves through. The database's
 * `order_status` enum is built from this list; whether QC passed is read from the state.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'in_qc',
  'qc_passed',
  'qc_changes_requested',
  'delivered',
  'logged',
  'reviewed',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
