/**
 * Roblox keeps 30% of a sale. All maths is on integers (BigInt inside) so no Robux is ever
 * gained or lost to floating point.
 */

function toBig(value: number, name: string): bigint {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive whole number`);
  }
  return BigInt(value);
}

function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError('result is too large');
  return result;
}

/** Price to charge so the studio receives at least `amount` after the fee: ceil(10·amount / 7). */
export function priceForNet(amount: number): number {
  return toSafeNumber((10n * toBig(amount, 'amount') + 6n) / 7n);
}

/** What the studio receives when the customer pays `price`: floor(7·price / 10). */
export function netForPrice(price: number): number {
  return toSafeNumber((7n * toBig(price, 'price')) / 10n);
}

// The share maths lives in share.ts; re-exported so earlier imports from './tax' keep working.
export {
  designerShare,
  QC_PASSED_SHARE_PERCENT,
  QC_SKIPPED_SHARE_PERCENT,
} from './share';
