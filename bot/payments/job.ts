import type { Log } from '../log';
import type { RobloxPayments } from './robux-payments';

/** How often the worker looks for due checks and passes: cheap indexed reads. */
const INTERVAL_MS = 2000;

/**
 * The worker role's Robux payments: passes to make, re-price or take off sale, and the due
 * inventory checks, every couple of seconds (the schedule and the budget decide what is due).
 * A failed pass is logged and tried again the next time.
 */
export function startRobloxPaymentsJob(
  deps: { payments: RobloxPayments; log: Log },
  { intervalMs = INTERVAL_MS } = {},
): { close: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = () => {
    running = (async () => {
      await deps.payments.syncDuePasses();
      await deps.payments.runDueChecks();
    })()
      .catch((error: unknown) => deps.log.error({ err: error }, 'payments: a pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs).unref();
      });
  };
  timer = setTimeout(run, intervalMs).unref();
  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
