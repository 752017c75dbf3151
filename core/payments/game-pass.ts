// One Roblox game pass per order, in the studio's experience. Its name is how a crash between
// creating a pass and recording it is recovered: the name is looked up before creating.

/** Roblox's limit on a game pass's name. */
export const GAME_PASS_NAME_MAX = 50;
const PREFIX = 'Lunar order ';

/**
 * `Lunar order ticket-0042`; a longer order id is cut and ends with a hash of the whole id, so
 * two orders never share a name.
 */
export function gamePassName(orderId: string): string {
  const name = `${PREFIX}${orderId}`;
  if (name.length <= GAME_PASS_NAME_MAX) return name;
  const hash = fnv1a(orderId);
  return `${name.slice(0, GAME_PASS_NAME_MAX - hash.length - 1)}~${hash}`;
}

export function gamePassDescription(orderId: string): string {
  return `Payment for Lunar order ${orderId}. Buy it only if this is your order.`;
}

export function gamePassUrl(gamePassId: string): string {
  return `https://www.roblox.com/game-pass/${gamePassId}`;
}

/** 32-bit FNV-1a as 8 hex digits: enough to tell order ids apart, no crypto needed. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
