import type { FastifyPluginAsync } from 'fastify';
import type { TeamResponse } from '../../../core/team/schema';
import { createTeamRepository } from '../../../db/repositories/team';

const teamRoutes: FastifyPluginAsync = async (app) => {
  const team = createTeamRepository(app.db);
  app.get('/api/team', async (_request, reply): Promise<TeamResponse> => {
    reply.header('cache-control', 'public, max-age=60');
    return { categories: await team.listCategoriesWithMembers() };
  });
};

export default teamRoutes;
