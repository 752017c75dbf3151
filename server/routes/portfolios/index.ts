import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PortfolioResponse } from '../../../core/portfolio/schema';
import { text } from '../../../core/shared/text';
import { createPortfoliosRepository } from '../../../db/repositories/portfolios';
import { HttpError, parseWith } from '../../http-errors';
import { createDefaultPortfolioReader } from '../../site-settings';

// Usernames may be any text (Discord display names, "Nova Dev"), but under the one text rule:
// a NUL or a lone surrogate is a 400, never a query Postgres refuses.
const ParamsSchema = z.object({ username: text('Username', { min: 1, max: 64 }) });

const portfolioRoutes: FastifyPluginAsync = async (app) => {
  const portfolios = createPortfoliosRepository(app.db);
  const readDefaultPortfolio = createDefaultPortfolioReader(app.db, app.config);

  // Spec §2: an unknown username shows the default profile (chosen in Settings), so this
  // answers 200 either way and says which one it served; with none chosen, a 404.
  app.get('/api/portfolios/:username', async (request, reply): Promise<PortfolioResponse> => {
    const { username } = parseWith(ParamsSchema, request.params);
    const found = await portfolios.findByUsername(username);
    const profile = found ?? (await readDefaultPortfolio());
    if (!profile) throw new HttpError(404, 'No portfolio profile exists yet.');
    // Revalidated on every use: staff edit these in the dashboard, and a visitor navigating
    // inside the site must see the change at once, as a full page load does.
    reply.header('cache-control', 'public, no-cache');
    return { ...profile, fallback: !found };
  });
};

export default portfolioRoutes;
