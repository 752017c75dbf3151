// When the bot asks Roblox whether a customer bought their order's game pass
// (docs/decisions/051-payments.md): often at first, when a purchase is likely, then less and
// less, and never more than Roblox's published inventory limit allows for all processes.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every 30 s for 15 minutes, every 5 minutes for a day, hourly until 7 days have passed. */
export const CHECK_SCHEDULE = [
  { until: 15 * MINUTE, every: 30 * SECOND },
  { until: DAY, every: 5 * MINUTE },
  { until: 7 * DAY, every: HOUR },
] as const;

/** After this long without a purchase, a payment verifier is asked. */
export const CHECK_GIVE_UP_MS = 7 * DAY;

/** "I've paid" asks Roblox at once, at most once in this long per order. */
export const PRESS_INTERVAL_MS = 15 * SECOND;

/** Roblox's published limit: inventory reads a minute per API key owner. */
export const INVENTORY_READS_PER_MINUTE = 100;

/**
 * Of that budget, what scheduled checks may use: the rest is kept for customers who pressed
 * "I've paid", so a press is answered at once even when a thousand orders wait.
 */
export const SCHEDULED_READS_PER_MINUTE = 80;

/**
 * When to look next for an order created at `createdAt`, having just looked at `now`; null
 * once the schedule is over (the verifier is asked instead).
 */
export function nextScheduledCheck(createdAt: Date, now: Date): Date | null {
  const age = now.getTime() - createdAt.getTime();
  const step = CHECK_SCHEDULE.find((s) => age < s.until);
  if (!step) return null;
  return new Date(Math.min(now.getTime() + step.every, createdAt.getTime() + CHECK_GIVE_UP_MS));
}

/** How long to wait after a failed check: doubling from 30 s to 15 minutes. */
export function retryDelayMs(failures: number): number {
  return Math.min(15 * MINUTE, 30 * SECOND * 2 ** Math.max(0, failures - 1));
}

/** Failed checks in a row (Roblox down, 5xx) before a payment verifier is asked. */
export const FAILURES_BEFORE_ESCALATION = 6;
