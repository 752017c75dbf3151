import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, parseConfig } from '../../core/config';
import type { DatabaseHandle } from '../../db/client';
import { app } from '../../server/app';
import { defaultWebDistDir } from '../../server/start';

export function testConfig(env: Record<string, string> = {}): Config {
  const parsed = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config;
}

/** The real app on a bare Fastify instance, for `inject`. `web: true` needs `npm run build`. */
export async function buildTestApp(
  database: DatabaseHandle,
  { env = {}, web = false }: { env?: Record<string, string>; web?: boolean } = {},
): Promise<FastifyInstance> {
  const fastify = Fastify({ logger: false });
  await fastify.register(app, {
    config: testConfig(env),
    database,
    webDistDir: web ? defaultWebDistDir : undefined,
  });
  await fastify.ready();
  return fastify;
}
