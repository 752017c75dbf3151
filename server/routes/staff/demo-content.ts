import type { FastifyPluginAsync } from 'fastify';
import { createDemoContentRepository } from '../../../db/repositories/demo-content';
import { requireRole } from '../../plugins/auth';

// "Remove all demo content" on the executives' Overview: the made-up members, portfolios and
// the welcome post the demo seed wrote (db/seed.ts). Removing twice, or at once from two
// tabs, ends the same way: nothing demo left, each row deleted once.

const demoContentRoutes: FastifyPluginAsync = async (app) => {
  const demo = createDemoContentRepository(app.db);
  const executives = { onRequest: requireRole('executive') };

  app.get('/demo-content', executives, () => demo.count());

  app.delete('/demo-content', executives, async () => {
    const removed = await demo.removeAll();
    return { removed, left: await demo.count() };
  });
};

export default demoContentRoutes;
