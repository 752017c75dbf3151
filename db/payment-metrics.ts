import { Counter, register } from 'prom-client';

// Card payments' metrics, in the process that does the work (prom-client's process-wide
// registry, as bot/payments/metrics.ts: the same lunar_payments_total).

function counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
  return (
    (register.getSingleMetric(name) as Counter<L> | undefined) ??
    new Counter({ name, help, labelNames, registers: [register] })
  );
}

/** Calls to Stripe that failed and webhooks refused, by kind. */
export function countStripeError(kind: string): void {
  counter(
    'lunar_stripe_errors_total',
    'Stripe API calls that failed and webhooks refused, by kind.',
    ['kind'],
  ).inc({ kind });
}

export function countCardPayment(): void {
  counter('lunar_payments_total', 'Orders paid, by method and by who verified them.', [
    'method',
    'verified_by',
  ]).inc({ method: 'card', verified_by: 'automatic' });
}
