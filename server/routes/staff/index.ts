import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../plugins/auth';
import applicationImageRoutes from '../images/application-images';
import applicationsRoutes from './applications';
import contentRoutes from './content';
import demoContentRoutes from './demo-content';
import eventRoutes from './events';
import goLiveRoutes from './go-live';
import meRoutes from './me';
import messageRoutes from './messages';
import orderRoutes from './orders';
import overviewRoutes from './overview';
import paymentRoutes from './payments';
import payoutRoutes from './payouts';
import reviewRoutes from './reviews';
import ticketNoteRoutes from './ticket-notes';
import ticketRoutes from './tickets';
import waitingRoutes from './waiting';

/**
 * A staff route folder: ONE hook admits staff sessions to everything registered inside;
 * routes add stricter roles with their own `onRequest: requireRole(...)`.
 */
export function staffRouteFolder(routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireRole('staff'));
    // What staff see is theirs alone: never kept by a shared cache, whatever a route forgets.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
      return payload;
    });
    for (const route of routes) await app.register(route);
  };
}

/** Registered under /api/staff. */
export default staffRouteFolder([
  meRoutes,
  overviewRoutes,
  waitingRoutes,
  goLiveRoutes,
  demoContentRoutes,
  applicationsRoutes,
  orderRoutes,
  ticketRoutes,
  ticketNoteRoutes,
  payoutRoutes,
  paymentRoutes,
  reviewRoutes,
  messageRoutes,
  eventRoutes,
  applicationImageRoutes,
  contentRoutes,
]);
