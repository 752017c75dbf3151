// The web half's face to the process entry (entry/start.ts) and to tests.
export { type AppOptions, app } from './app';
export { type LocalControl, startLocalControl } from './local-control';
export { createMetrics, type Metrics } from './metrics/registry';
export { type RunningWeb, startWeb } from './start-web';
