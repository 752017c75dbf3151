import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../core/config';

/** Pino options: JSON lines in production and CI, pretty only for a person at a terminal. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    ...(process.stdout.isTTY && {
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    }),
  };
}
