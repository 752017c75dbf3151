import { describe, expect, it } from 'vitest';
import { parseConfig } from '../core/config';
import { createLogger, forReading } from './logger';

function configFor(env: Record<string, string>) {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
}

/** Collects what the logger writes, as a pipe (isTTY false) or a terminal would. */
function captureOutput(isTTY: boolean) {
  const lines: string[] = [];
  return { lines, output: { isTTY, write: (line: string) => lines.push(line) } };
}

// What server/plugins/request-log.ts logs for each request.
const REQUEST = { method: 'GET', url: '/blog', status: 200, ms: 4 };

describe('the process logger', () => {
  it('writes JSON lines in production when the output is not a terminal', async () => {
    const { lines, output } = captureOutput(false);
    const log = await createLogger(configFor({}), output);
    log.info(REQUEST, 'request');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ ...REQUEST, msg: 'request' });
  });

  it('writes one readable line per request in development', async () => {
    const { lines, output } = captureOutput(false);
    const log = await createLogger(configFor({ NODE_ENV: 'development' }), output);
    log.child({ reqId: 'req-1' }).info(REQUEST, 'request');
    log.warn({ driver: 'pglite' }, 'database ready');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/blog 200 4 ms\n$/);
    expect(lines[1]).toMatch(/WARN: database ready \{"driver":"pglite"\}\n$/);
  });

  it('is readable at a terminal in production too', async () => {
    const { lines, output } = captureOutput(true);
    const log = await createLogger(configFor({}), output);
    log.info(REQUEST, 'request');
    expect(lines.join('')).toContain('GET /blog 200 4 ms');
    expect(() => JSON.parse(lines[0] as string)).toThrow();
  });

  it('leaves records other than the request line as they are', () => {
    const record = { level: 30, msg: 'outbox worker started', url: '/x' };
    expect(forReading(record)).toBe(record);
  });
});
