import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from '../core/config';
import { serializeLoggedError } from '../db/loggable-error';

type LogOutput = { isTTY?: boolean; write(line: string): unknown };

/**
 * The process's one logger, shared by the web server (Fastify's `loggerInstance`), the bot and
 * the worker. JSON lines in production and CI (what log collectors read); for a person — in
 * development or at a terminal — one readable line per record, when pino-pretty (a development
 * dependency) is installed.
 */
export async function createLogger(
  config: Config,
  output: LogOutput = process.stdout,
): Promise<Logger> {
  // Failed queries are logged by their shape, never with their parameters (personal data).
  const options = { level: config.LOG_LEVEL, serializers: { err: serializeLoggedError } };
  const forPerson = config.NODE_ENV === 'development' || output.isTTY === true;
  const pretty = forPerson ? await prettyOutput(output) : undefined;
  if (pretty) return pino(options, pretty);
  return output === process.stdout ? pino(options) : pino(options, output as DestinationStream);
}

async function prettyOutput(output: LogOutput): Promise<DestinationStream | undefined> {
  let prettyFactory: typeof import('pino-pretty').prettyFactory;
  try {
    ({ prettyFactory } = await import('pino-pretty'));
  } catch {
    return undefined; // a production install (npm ci --omit=dev): JSON it is
  }
  const prettify = prettyFactory({
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    colorize: output.isTTY === true,
  });
  return {
    write(line: string) {
      output.write(prettify(forReading(JSON.parse(line))));
    },
  };
}

/**
 * A record as a person reads it: the request line (server/plugins/request-log.ts) becomes
 * "GET /blog 200 4 ms"; other records keep their fields.
 */
export function forReading(record: Record<string, unknown>): Record<string, unknown> {
  if (record.msg !== 'request' || typeof record.method !== 'string') return record;
  const { method, url, status, ms, reqId: _reqId, ...rest } = record;
  return { ...rest, msg: `${method} ${url} ${status} ${ms} ms` };
}
