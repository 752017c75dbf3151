import type { FastifyPluginAsync } from 'fastify';
import type { TeamResponse } from '../../../core/team/schema';
import { createTeamRepository } from '../../../db/repositories/team';

const teamRoutes: FastifyPluginAsync = async (app) => {
  const team = createTeamRepository(app.db);
  app.get('/api/team', async (_request, reply): Promise<TeamResponse> => {
    // Revalidated on every use: staff edit these in the dashboard, and a visitor navigating
    // inside the site must see the change at once, as a full page load does.
    reply.header('cache-control', 'public, no-cache');
    return { categories: await team.listCategoriesWithMembers() };
  });
};

export default teamRoutes;
