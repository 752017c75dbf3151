import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, parseConfig } from '../../core/config';
import type { DatabaseHandle } from '../../db/client';
import { app } from '../../server/app';
import { serverOptions } from '../../server/server-options';

let testDataDir: string | undefined;
/** One data directory (uploaded files) per test file, removed when it ends; never ./data. */
function dataDirForTests(): string {
  if (!testDataDir) {
    const dir = mkdtempSync(join(tmpdir(), 'lunar-test-data-'));
    testDataDir = dir;
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return testDataDir;
}

export function testConfig(env: Record<string, string> = {}): Config {
  const parsed = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDirForTests(),
    // A parallel checkout may build elsewhere (see vite.config.ts).
    ...(process.env.WEB_DIST_DIR && { WEB_DIST_DIR: process.env.WEB_DIST_DIR }),
    ...env,
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config;
}

/** The real app on a bare Fastify instance, for `inject`. `web: true` needs `npm run build`. */
export async function buildTestApp(
  database: DatabaseHandle,
  { env = {}, web = false }: { env?: Record<string, string>; web?: boolean } = {},
): Promise<FastifyInstance> {
  const config = testConfig(env);
  // The process's own Fastify options (trust proxy, body limit, timeouts), quiet.
  const fastify = Fastify({ ...serverOptions(config), logger: false });
  await fastify.register(app, {
    config,
    database,
    webDistDir: web ? resolve(config.WEB_DIST_DIR) : undefined,
  });
  await fastify.ready();
  return fastify;
}

let nextIp = 1;
/** A new client address per call, so the per-IP rate limits only bite where a test wants. */
export function freshIp(): string {
  return `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
}
