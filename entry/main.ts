import { loadConfigOrExit } from './load-config';
import { type RunningLunar, startLunar } from './start';

// The process: read the configuration, start the roles in LUNAR_ROLES (entry/start.ts opens
// the database first), and stop cleanly on SIGTERM/SIGINT.
const config = loadConfigOrExit();

// A signal that arrives while starting up (a bot login can take a while) stops the process as
// soon as start-up has finished, so that nothing is left half-opened.
let running: RunningLunar | null = null;
let stopSignal: NodeJS.Signals | null = null;

async function stop(signal: NodeJS.Signals) {
  if (stopSignal && running === null) return;
  stopSignal = signal;
  if (!running) return;
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
if (running.url) console.log(`Lunar is running at ${running.url}`);
if (stopSignal) await stop(stopSignal);
