import { Counter, register } from 'prom-client';
import type { OutboxKind } from '../../core/discord/outbox';

// The worker's failed attempts, in the process that makes them (prom-client's process-wide
// registry, served with the rest on METRICS_PORT). What was given up on is in the database
// and reported by every process (`lunar_outbox_failed`, db/metrics.ts).

const NAME = 'lunar_outbox_delivery_failures_total';

function failures(): Counter<'kind' | 'reason'> {
  return (
    (register.getSingleMetric(NAME) as Counter<'kind' | 'reason'> | undefined) ??
    new Counter({
      name: NAME,
      help: 'Delivery attempts Discord did not accept, by kind and reason (transient, permanent, rate-limited, unauthorized).',
      labelNames: ['kind', 'reason'],
      registers: [register],
    })
  );
}

export function countDeliveryFailure(kind: OutboxKind, reason: string): void {
  failures().inc({ kind, reason });
}
