import { DISCORD_LIMITS } from '../discord/limits';
import { ORDER_ID_PATTERN } from './options';

/**
 * custom_ids of the order buttons and modals: `order:<action>:<orderId>`, and for the QC
 * buttons and modal `order:<action>:<orderId>:<attempt>`, the QC submission they belong to, so
 * a click on an older QC message is refused rather than deciding the newer work unseen.
 * Order ids have no colon, so the parts split unambiguously; the longest id is 62 characters,
 * within Discord's 100.
 */
const ORDER_CUSTOM_ID_PREFIX = 'order';

export const ORDER_BUTTON_ACTIONS = [
  'verify_payment',
  // The customer's "I've paid": ask Roblox now (bot/buttons/order-paid.ts).
  'i_paid',
  'qc_approve',
  'qc_changes',
  'deliver',
  'deliver_noqc',
  'review_hide',
  'review_show',
] as const;
const ORDER_MODAL_ACTIONS = ['qc_changes_reason', 'review'] as const;
const WITH_ATTEMPT = new Set<OrderCustomIdAction>([
  'qc_approve',
  'qc_changes',
  'qc_changes_reason',
]);

export type OrderButtonAction = (typeof ORDER_BUTTON_ACTIONS)[number];
type OrderModalAction = (typeof ORDER_MODAL_ACTIONS)[number];
export type OrderCustomIdAction = OrderButtonAction | OrderModalAction;

export interface OrderCustomId {
  action: OrderCustomIdAction;
  orderId: string;
  /** Only for the QC buttons and the Request changes modal. */
  attempt?: number;
}

export function buildOrderCustomId({ action, orderId, attempt }: OrderCustomId): string {
  if (!ORDER_ID_PATTERN.test(orderId)) throw new RangeError(`bad order id ${orderId}`);
  const needsAttempt = WITH_ATTEMPT.has(action);
  if (needsAttempt !== (attempt !== undefined)) {
    throw new RangeError(`${action} ${needsAttempt ? 'needs' : 'takes no'} attempt`);
  }
  if (attempt !== undefined && (!Number.isSafeInteger(attempt) || attempt < 1)) {
    throw new RangeError('attempt must be a positive whole number');
  }
  const id = [ORDER_CUSTOM_ID_PREFIX, action, orderId, attempt].filter((p) => p !== undefined);
  const customId = id.join(':');
  if (customId.length > DISCORD_LIMITS.customId) throw new RangeError('custom_id too long');
  return customId;
}

const ACTIONS = new Set<string>([...ORDER_BUTTON_ACTIONS, ...ORDER_MODAL_ACTIONS]);

/** Reads a custom_id back; null when it is not a well-formed order id (a forged one, say). */
export function parseOrderCustomId(customId: string): OrderCustomId | null {
  const [prefix, action, orderId, attempt, ...rest] = customId.split(':');
  if (prefix !== ORDER_CUSTOM_ID_PREFIX || rest.length > 0) return null;
  if (!action || !ACTIONS.has(action) || !orderId || !ORDER_ID_PATTERN.test(orderId)) return null;
  const known = action as OrderCustomIdAction;
  if (!WITH_ATTEMPT.has(known)) return attempt === undefined ? { action: known, orderId } : null;
  if (!attempt || !/^[1-9][0-9]{0,8}$/.test(attempt)) return null;
  return { action: known, orderId, attempt: Number(attempt) };
}

/** custom_ids of the modals' text inputs. */
export const ORDER_MODAL_FIELDS = {
  reason: 'reason',
  rating: 'rating',
  comment: 'comment',
  publish: 'publish',
} as const;
