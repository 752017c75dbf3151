import type { DatabaseHandle } from '../db/client';
import { discardEarlyPgliteWorker } from '../db/pglite-spawn';
import { openConfiguredDatabase } from './database';
import { loadConfigOrExit } from './load-config';
import type { RunningLunar } from './start';
import { adaptYoungGenerationToLoad } from './young-generation';

// The process proper (imported by main.ts): configuration, start, and a clean stop on
// SIGTERM/SIGINT.
const config = loadConfigOrExit();

// Signals are handled from the start, before the database begins to open: one that arrives
// while starting up (a bot login can take a while) stops the process as soon as there is
// something to close.
let stopSignal: NodeJS.Signals | null = null;
let running: RunningLunar | null = null;

async function stop(signal: NodeJS.Signals) {
  if (stopSignal && running === null) return;
  stopSignal = signal;
  if (!running) return; // start-up finishes first, then stops below
  const lunar = running;
  running = null;
  lunar.log.info(`${signal} received, shutting down`);
  await lunar.close();
  process.exit(0);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

// The embedded database boots on its own thread (WebAssembly compiled, Postgres started: most
// of a start) while this thread loads the rest of the process's code (the server, the bot,
// React), which it only imports below: the two overlap instead of following each other. A
// Postgres server is opened by startLunar, which has the logger for its outage reports.
let opening: Promise<DatabaseHandle> | undefined;
if (config.DATABASE_URL) {
  // main.ts started PGlite's thread for nothing: DATABASE_URL came from the env file.
  void discardEarlyPgliteWorker();
} else {
  opening = openConfiguredDatabase(config);
  // Awaited by startLunar; a failure before then is reported there, not as unhandled.
  opening.catch(() => {});
}
const { startLunar } = await import('./start');

try {
  running = await startLunar(config, opening);
} catch (error) {
  console.error('Lunar failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
}

// Start-up's burst is over: from here on the young generation follows the load.
adaptYoungGenerationToLoad();
if (running.url) console.log(`Lunar is running at ${running.url}`);
if (stopSignal) await stop(stopSignal);
