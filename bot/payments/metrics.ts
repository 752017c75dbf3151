import { Counter, register } from 'prom-client';

// Automatic payments, in the process that does the work (prom-client's process-wide registry,
// served with the rest on METRICS_PORT or /metrics).

function counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
  return (
    (register.getSingleMetric(name) as Counter<L> | undefined) ??
    new Counter({ name, help, labelNames, registers: [register] })
  );
}

/** One automatic check of a customer's inventory, by what it found. */
export function countPaymentCheck(result: string): void {
  counter(
    'lunar_payment_checks_total',
    'Automatic Roblox inventory checks by result (owned, not_yet, private_inventory, roblox_error, key_refused, rate_limited).',
    ['result'],
  ).inc({ result });
}

/** An order paid, by method (robux, card) and by who verified it (automatic, person). */
export function countPayment(method: string, verifiedBy: 'automatic' | 'person'): void {
  counter('lunar_payments_total', 'Orders paid, by method and by who verified them.', [
    'method',
    'verified_by',
  ]).inc({ method, verified_by: verifiedBy });
}

/** A call to Roblox that failed, by kind (unavailable, rate_limited, key_refused, refused). */
export function countRobloxError(kind: string): void {
  counter('lunar_roblox_errors_total', 'Roblox API calls that failed, by kind.', ['kind']).inc({
    kind,
  });
}
