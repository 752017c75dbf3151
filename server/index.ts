// The web half's face to the process entry (entry/start.ts).
export { startLocalControl } from './local-control';
export { createMetrics, servesMetrics } from './metrics/registry';
export { startWeb } from './start-web';
