import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './plugins/app-context';
import { appContextPlugin } from './plugins/app-context';
import { errorsPlugin } from './plugins/errors';
import { externalPlugins } from './plugins/external';
import { rateLimitPlugin } from './plugins/rate-limit';
import healthRoutes from './routes/health';
import teamRoutes from './routes/team';
import webPlugin from './web';

export type AppOptions = AppContext & {
  /** The `npm run build` output; omit to serve the API only (API tests). */
  webDistDir?: string;
};

/**
 * The whole HTTP app as one plugin: tests register it on a bare Fastify instance and call it
 * with `inject`; the process entry adds logging and listens.
 */
export const app: FastifyPluginAsync<AppOptions> = async (fastify, options) => {
  // Tier 1 and 2: our context, third-party plugins, our cross-cutting plugins.
  await fastify.register(appContextPlugin, options);
  await fastify.register(externalPlugins);
  await fastify.register(rateLimitPlugin);
  await fastify.register(errorsPlugin);

  // Tier 3: one folder per domain.
  await fastify.register(healthRoutes);
  await fastify.register(teamRoutes);

  if (options.webDistDir) await fastify.register(webPlugin, { distDir: options.webDistDir });
};
