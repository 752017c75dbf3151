import { existsSync } from 'node:fs';
import { type Config, formatConfigErrors, parseConfig } from '../core/config';

/**
 * Reads the env file, then parses the environment; on any problem prints each variable with
 * its fix and exits 1. The only reader of `process.env` (the process and the CLI scripts).
 * LUNAR_ENV_FILE names another file to read, or none when empty (tests start clean).
 */
export function loadConfigOrExit(): Config {
  const envFile = process.env.LUNAR_ENV_FILE ?? '.env';
  if (envFile && existsSync(envFile)) process.loadEnvFile(envFile);
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(formatConfigErrors(parsed.errors));
    process.exit(1);
  }
  return parsed.config;
}
