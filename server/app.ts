import type { FastifyPluginAsync } from 'fastify';
import { changesHubPlugin } from './live/changes-hub';
import { metricsPlugin } from './metrics';
import type { Metrics } from './metrics/registry';
import type { AppContext } from './plugins/app-context';
import { appContextPlugin } from './plugins/app-context';
import { authPlugin } from './plugins/auth';
import { customerAuthPlugin } from './plugins/customer-auth';
import { errorsPlugin } from './plugins/errors';
import { externalPlugins } from './plugins/external';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestLogPlugin } from './plugins/request-log';
import { unreadBodyPlugin } from './plugins/unread-body';
import applicationsRoutes from './routes/applications';
import authRoutes from './routes/auth';
import blogRoutes from './routes/blog';
import contactRoutes from './routes/contact';
import customerRoutes from './routes/customer';
import healthRoutes from './routes/health';
import imageRoutes from './routes/images';
import siteMediaRoutes from './routes/images/site-media';
import paymentRoutes from './routes/payments';
import portfolioRoutes from './routes/portfolios';
import seoRoutes from './routes/seo';
import siteContentRoutes from './routes/site-content';
import staffRoutes from './routes/staff';
import teamRoutes from './routes/team';
import testimonialsRoutes from './routes/testimonials';
import webPlugin from './web';
import { loadWebBuild } from './web/web-build';

type AppOptions = AppContext & {
  /** The `npm run build` output; omit to serve the API only (API tests). */
  webDistDir?: string;
  /**
   * The process's metrics (entry/start.ts), which METRICS_PORT serves as well; omitted, the app
   * counts in a registry of its own (tests build many apps in one process).
   */
  metrics?: Metrics;
};

/**
 * The whole HTTP app as one plugin: tests register it on a bare Fastify instance and call it
 * with `inject`; the process entry adds logging and listens.
 */
export const app: FastifyPluginAsync<AppOptions> = async (fastify, options) => {
  // Tier 1 and 2: our context, third-party plugins, our cross-cutting plugins.
  await fastify.register(appContextPlugin, options);
  // Loaded first: the CSP names the inline entry script of the build by its hash.
  const web = options.webDistDir ? await loadWebBuild(options.webDistDir) : undefined;
  await fastify.register(externalPlugins, { scriptHashes: web?.scriptHashes });
  await fastify.register(rateLimitPlugin);
  await fastify.register(errorsPlugin);
  await fastify.register(requestLogPlugin);
  await fastify.register(metricsPlugin, { metrics: options.metrics });
  await fastify.register(unreadBodyPlugin);
  await fastify.register(authPlugin);
  await fastify.register(customerAuthPlugin);
  await fastify.register(changesHubPlugin);

  // Tier 3: one folder per domain.
  await fastify.register(healthRoutes);
  await fastify.register(teamRoutes);
  await fastify.register(siteContentRoutes);
  await fastify.register(testimonialsRoutes);
  await fastify.register(applicationsRoutes);
  await fastify.register(portfolioRoutes);
  await fastify.register(blogRoutes);
  await fastify.register(contactRoutes);
  await fastify.register(seoRoutes);
  await fastify.register(imageRoutes);
  await fastify.register(siteMediaRoutes);
  await fastify.register(authRoutes);
  await fastify.register(customerRoutes);
  await fastify.register(paymentRoutes);
  await fastify.register(staffRoutes, { prefix: '/api/staff' });

  if (web) await fastify.register(webPlugin, { build: web });
};
