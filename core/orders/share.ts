/**
 * The designer's payout for an order (SPEC §6, §9): 90% of the price when the work passed
 * quality control, 80% without. The price is what the studio receives (after Roblox's fee).
 *
 * Rounded down to whole Robux, so the studio never pays more than the percentage; the
 * designer loses less than 1 R$. Integer maths (BigInt) only.
 */

export const QC_PASSED_SHARE_PERCENT = 90;
export const QC_SKIPPED_SHARE_PERCENT = 80;

export function sharePercent(qcPassed: boolean): number {
  return qcPassed ? QC_PASSED_SHARE_PERCENT : QC_SKIPPED_SHARE_PERCENT;
}

/** floor(price · percent / 100) for a positive whole `price`. */
export function designerShare(price: number, qcPassed: boolean): number {
  if (!Number.isSafeInteger(price) || price <= 0) {
    throw new RangeError('amount must be a positive whole number');
  }
  const share = (BigInt(price) * BigInt(sharePercent(qcPassed))) / 100n;
  // share ≤ price, so it is a safe integer whenever the price is.
  return Number(share);
}
