import { type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../core/config';

/**
 * Fastify's own options, shared by the process and the tests' app. No logger here: the process
 * hands Fastify its own (entry/logger.ts), tests run quiet.
 */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    // server/plugins/request-log.ts writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // A slow client must not hold a socket forever, yet a designer uploading ten 5 MB images
    // on a phone needs minutes, not seconds.
    requestTimeout: 5 * 60_000,
  };
}

// A hop count trusts that many proxies nearest to us (Fastify's types lack the number form).
function trustProxyOption(setting: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
