import type { FastifyPluginAsync } from 'fastify';
import { toStaffIdentity } from '../../../core/auth';
import { getSignedInStaff } from '../../plugins/auth';

/** Who the dashboard is talking to. */
const meRoutes: FastifyPluginAsync = async (app) => {
  app.get('/me', async (request, reply) => {
    const { staff, rights } = await getSignedInStaff(request);
    reply.header('cache-control', 'no-store');
    return toStaffIdentity(staff, rights);
  });
};

export default meRoutes;
