import { Counter, register } from 'prom-client';

// The dashboard's Verify counts in the same series as the bot's (bot/payments/metrics.ts):
// prom-client's process-wide registry, one metric per name whichever half makes it first.

/** An order paid from the dashboard: by method, verified by a person. */
export function countDashboardPayment(method: string): void {
  const name = 'lunar_payments_total';
  const payments =
    (register.getSingleMetric(name) as Counter<'method' | 'verified_by'> | undefined) ??
    new Counter({
      name,
      help: 'Orders paid, by method and by who verified them.',
      labelNames: ['method', 'verified_by'],
      registers: [register],
    });
  payments.inc({ method, verified_by: 'person' });
}
