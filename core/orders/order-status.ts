import { z } from 'zod';

/**
 * DESIGN.md "Orders in Discord":
 * awaiting_payment → paid → in_qc → qc_passed | qc_changes_requested → delivered → logged → reviewed.
 * The same list is the database's `order_status` enum; keep them in this order.
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

/** How staff and customers read a status (dashboard badges, bot answers). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  in_qc: 'In quality control',
  qc_passed: 'QC passed',
  qc_changes_requested: 'QC changes requested',
  delivered: 'Delivered',
  logged: 'Logged',
  reviewed: 'Reviewed',
};

/**
 * The studio roles the bot maps from Discord roles (the invoker's guild roles, checked on our
 * side). A customer is an actor with no roles.
 */
export const STAFF_ROLES = ['designer', 'payment_verifier', 'lead', 'executive'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;
