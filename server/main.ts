import { existsSync } from 'node:fs';
import { formatConfigErrors, parseConfig } from '../core/config';
import { startLunar } from './start';

// The process entry: configuration, start, and a clean stop on SIGTERM/SIGINT.
// LUNAR_ENV_FILE names another file to read, or none when empty (tests start clean).
const envFile = process.env.LUNAR_ENV_FILE ?? '.env';
if (envFile && existsSync(envFile)) process.loadEnvFile(envFile);

const parsed = parseConfig(process.env);
if (!parsed.ok) {
  console.error(formatConfigErrors(parsed.errors));
  process.exit(1);
}

let lunar: Awaited<ReturnType<typeof startLunar>>;
try {
  lunar = await startLunar(parsed.config);
} catch (error) {
  console.error('Lunar failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
}

if (lunar.url) console.log(`Lunar is running at ${lunar.url}`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    lunar.log.info(`${signal} received, shutting down`);
    await lunar.close();
    process.exit(0);
  });
}
