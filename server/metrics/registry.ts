import {
  Counter,
  collectDefaultMetrics,
  Histogram,
  register as processRegistry,
  Registry,
} from 'prom-client';
import type { Config } from '../../core/config';
import type { DatabaseHandle } from '../../db/client';
import { registerDatabaseMetrics } from '../../db/metrics';

// Two registries: prom-client's global one holds what belongs to the process (memory, event
// loop delay, the Discord gateway of bot/gateway-metrics.ts), registered once; the other holds
// the requests and the database. The process makes that one once (entry/start.ts) and both the
// site's GET /metrics and METRICS_PORT serve it; tests, which build many apps in one process,
// let each app make its own.

/** Metrics are on (served and timed) with METRICS_TOKEN or METRICS_PORT. */
export const servesMetrics = (config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT'>) =>
  config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined;

let defaultsCollected = false;
function collectProcessMetricsOnce() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  // Memory, CPU, handles, GC, and event-loop delay (nodejs_eventloop_lag_*), as prom-client names them.
  collectDefaultMetrics({ register: processRegistry });
}

export type Metrics = {
  requests: Counter<'method' | 'route' | 'status_code'>;
  requestSeconds: Histogram<'method' | 'route'>;
  pageCache: Counter<'result'>;
  /** The Prometheus text of the process's and this app's metrics. */
  render(): Promise<{ contentType: string; body: string }>;
};

/**
 * `serving`: metrics are on in this process (METRICS_TOKEN or METRICS_PORT); only then do the
 * process's own collectors run (the event-loop delay monitor, GC observers). The counters are
 * there either way, so code that counts need not ask.
 */
export function createMetrics(
  database: DatabaseHandle,
  { serving }: { serving: boolean },
): Metrics {
  if (serving) collectProcessMetricsOnce();
  const registry = new Registry();
  const registers = [registry];
  registerDatabaseMetrics(registry, database);
  return {
    requests: new Counter({
      name: 'lunar_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (not the raw URL) and status.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'lunar_http_request_duration_seconds',
      help: 'Time from the request to the answer sent, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCache: new Counter({
      name: 'lunar_page_cache_requests_total',
      help: 'Public pages answered from the page cache (hit) or rendered for the request (miss).',
      labelNames: ['result'],
      registers,
    }),
    async render() {
      const merged = Registry.merge([processRegistry, registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
