import { type Logger, pino } from 'pino';
import type { Config } from '../core/config';

/**
 * The process's one logger, shared by the web server (Fastify's `loggerInstance`), the bot and
 * the worker. JSON lines in production and CI, pretty only for a person at a terminal.
 */
export function createLogger(config: Config): Logger {
  return pino({
    level: config.LOG_LEVEL,
    ...(process.stdout.isTTY && {
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    }),
  });
}
