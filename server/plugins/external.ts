import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { securityHeadersPlugin } from './security-headers';

/** The plugins every response goes through: safe headers, cookies, compression. */
export const externalPlugins = fp(
  async (app) => {
    await app.register(securityHeadersPlugin);
    await app.register(cookie);
    // Hashed assets are precompressed at build time; this covers HTML and JSON.
    await app.register(compress, { threshold: 1024 });
  },
  { name: 'external', dependencies: ['app-context'] },
);
