export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Delay before the next try after `attempts` failed ones: base·2^(attempts−1), capped, with
 * jitter (50–100 % of it) so rows that failed together during an outage do not all come back
 * in the same instant.
 */
export function computeRetryDelay(
  attempts: number,
  { baseDelayMs, maxDelayMs }: BackoffOptions,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const capped = Math.min(maxDelayMs, baseDelayMs * 2 ** exponent);
  return Math.round(capped * (0.5 + random() * 0.5));
}
