import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../plugins/auth';
import meRoutes from './me';

/**
 * A staff route folder: ONE hook admits staff sessions to everything registered inside;
 * routes add stricter roles with their own `onRequest: requireRole(...)`.
 */
export function staffRouteFolder(routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireRole('staff'));
    for (const route of routes) await app.register(route);
  };
}

/** Registered under /api/staff. */
export default staffRouteFolder([meRoutes]);
