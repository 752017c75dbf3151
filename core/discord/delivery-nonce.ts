import { DISCORD_LIMITS } from './limits';

const PREFIX = 'lunar-';

/**
 * Nonce for a message delivered from the outbox. With `enforce_nonce`, Discord returns the
 * message already created with the same nonce (for a few minutes) instead of posting twice,
 * so a retry after a crash is safe. It must be deterministic from the outbox row and at most
 * 25 characters; long ids are hashed (64-bit FNV-1a) to stay within that.
 */
export function deliveryNonce(outboxId: number | string): string {
  if (typeof outboxId === 'number' && !Number.isSafeInteger(outboxId)) {
    throw new RangeError('outboxId must be a safe integer');
  }
  const id = String(outboxId);
  if (id === '') throw new RangeError('outboxId must not be empty');
  const plain = `${PREFIX}${id}`;
  if (plain.length <= DISCORD_LIMITS.nonce && /^[\w-]+$/.test(id)) return plain;
  return `${PREFIX}h${hashId(id)}`;
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
