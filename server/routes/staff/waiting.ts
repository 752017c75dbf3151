import type { FastifyPluginAsync } from 'fastify';
import { hasRole } from '../../../core/auth/roles';
import { describeWaitingWork, waitingFor } from '../../../core/staff/waiting-work';
import { workScopeOf } from '../../../core/staff/work-scope';
import { createWaitingWorkRepository } from '../../../db/repositories/waiting-work';
import { getSignedInStaff } from '../../plugins/auth';

// The Overview's "Waiting for you": what waits for the signed-in member, per role, each count
// with the link to its filtered list (core/staff/waiting-work.ts).

const waitingRoutes: FastifyPluginAsync = async (app) => {
  const waiting = createWaitingWorkRepository(app.db);

  app.get('/overview/waiting', async (request) => {
    const { staff } = await getSignedInStaff(request);
    const counts = await waiting.count(waitingFor(staff), {
      discordId: staff.discordId,
      scope: workScopeOf(staff),
      studioPayouts: hasRole(staff, 'executive'),
    });
    return { items: describeWaitingWork(counts, staff) };
  });
};

export default waitingRoutes;
