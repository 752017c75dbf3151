import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { type SecurityHeadersOptions, securityHeadersPlugin } from './security-headers';

/** The plugins every response goes through: safe headers, cookies, compression. */
export const externalPlugins = fp<SecurityHeadersOptions>(
  async (app, options) => {
    await app.register(securityHeadersPlugin, options);
    await app.register(cookie);
    // Hashed assets are precompressed at build time; this covers HTML and JSON.
    await app.register(compress, { threshold: 1024 });
  },
  { name: 'external', dependencies: ['app-context'] },
);
