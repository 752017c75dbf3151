import { loadConfigOrExit } from './load-config';
import { type RunningLunar, startLunar } from './start';
import { adaptYoungGenerationToLoad } from './young-generation';

// The process proper (imported by main.ts): configuration, start, and a clean stop on
// SIGTERM/SIGINT.
const config = loadConfigOrExit();

// Signals are handled from the start: one that arrives while starting up (a bot login can
// take a while) stops the process as soon as there is something to close.
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

try {
  running = await startLunar(config);
} catch (error) {
  console.error('Lunar failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
}

// Start-up's burst is over: from here on the young generation follows the load.
adaptYoungGenerationToLoad();
if (running.url) console.log(`Lunar is running at ${running.url}`);
if (stopSignal) await stop(stopSignal);
