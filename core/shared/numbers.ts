/**
 * A whole number with its thousands grouped by commas, "12,500", as en-US writes it. Public
 * pages show prices this way while they hydrate: the first `toLocaleString` on a page builds
 * an Intl number format, ~10 ms of the browser's main thread (~40 ms on a mid-range phone).
 * Anything but a safe integer goes to `toLocaleString` as before.
 */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}
