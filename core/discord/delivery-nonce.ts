import { DISCORD_LIMITS } from './limits';

/** A random id per database (install), so two installs sharing a bot token never share a nonce. */
const INSTALL_ID_PATTERN = /^[a-z0-9]{8}$/;

/**
 * Nonce for a message delivered from the outbox. With `enforce_nonce`, Discord returns the
 * message already created with the same nonce (for a few minutes) instead of posting twice,
 * so a retry after a crash is safe. It is stable for one row of one install and at most 25
 * characters: `l<install id>-<outbox id>`, the id hashed (64-bit FNV-1a) when it would not fit.
 * The install id matters: staging beside production, or a restored backup, send the same
 * outbox ids with the same token, and Discord would answer one with the other's message.
 */
export function deliveryNonce(installId: string, outboxId: number | string): string {
  if (!INSTALL_ID_PATTERN.test(installId)) {
    throw new RangeError('installId must be 8 lower-case letters or digits');
  }
  if (typeof outboxId === 'number' && !Number.isSafeInteger(outboxId)) {
    throw new RangeError('outboxId must be a safe integer');
  }
  const id = String(outboxId);
  if (id === '') throw new RangeError('outboxId must not be empty');
  const prefix = `l${installId}-`;
  const plain = `${prefix}${id}`;
  if (plain.length <= DISCORD_LIMITS.nonce && /^[\w-]+$/.test(id)) return plain;
  return `${prefix}h${hashId(id)}`;
}

function hashId(id: string): string {
  const mask = (1n << 64n) - 1n;
  let hash = 0xcbf29ce484222325n;
  for (const unit of new TextEncoder().encode(id)) {
    hash ^= BigInt(unit);
    hash = (hash * 0x100000001b3n) & mask;
  }
  return hash.toString(36);
}
