import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { publicUrl } from '../../core/config';

/** Third-party plugins every response goes through: safe headers, cookies, compression. */
export const externalPlugins = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React's style props become inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // Our pages open the Discord invite in a new tab; nothing else is cross-origin.
      crossOriginEmbedderPolicy: false,
      // HSTS only means something over https; sent over plain http it would pin nothing yet
      // tell a browser the site promises https (it may not have it at all).
      strictTransportSecurity: new URL(publicUrl(app.config)).protocol === 'https:',
    });
    await app.register(cookie);
    // Hashed assets are precompressed at build time; this covers HTML and JSON.
    await app.register(compress, { threshold: 1024 });
  },
  { name: 'external', dependencies: ['app-context'] },
);
