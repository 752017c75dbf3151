import type { FastifyPluginAsync } from 'fastify';
import { toStaffIdentity } from '../../../core/auth';
import { createPeopleRepository } from '../../../db/repositories/people';
import { getSignedInStaff } from '../../plugins/auth';

/** Who the dashboard is talking to, by the name their colleagues know them by. */
const meRoutes: FastifyPluginAsync = async (app) => {
  const people = createPeopleRepository(app.db);
  app.get('/me', async (request, reply) => {
    const { staff, rights } = await getSignedInStaff(request);
    const name = (await people.nameOf([staff.discordId])).get(staff.discordId) ?? null;
    reply.header('cache-control', 'no-store');
    return toStaffIdentity(staff, rights, name);
  });
};

export default meRoutes;
