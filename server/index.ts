// The web half's face to the process entry (entry/start.ts) and to tests.
export { type AppOptions, app } from './app';
export { type RunningWeb, startWeb } from './start-web';
