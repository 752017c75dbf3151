import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  TeamCategoryEditSchema,
  TeamCategoryInputSchema,
  TeamCategoryOrderSchema,
} from '../../../core/team/schema';
import { createTeamCategoriesRepository } from '../../../db/repositories/team-categories';
import { createTeamEditorRepository } from '../../../db/repositories/team-editor';
import { HttpError, parseWith } from '../../http-errors';
import { requireRole } from '../../plugins/auth';
import { createContentWriter } from './content-write';

// Site content (executives): the team directory's categories. Created from a name (POST; the id
// is made from it), renamed (PATCH), reordered as a whole list, deleted (the members stay, in their other
// categories or in none). Writes that meet another executive's are refused in words: the
// repository takes the categories' lock, so nothing is half applied and nothing is a 500.

const CategoryParams = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: 'Not a category id' }),
});

const bodyOf = (body: unknown) => (body && typeof body === 'object' ? body : {});

const categoryContentRoutes: FastifyPluginAsync = async (app) => {
  const categories = createTeamCategoriesRepository(app.db);
  const team = createTeamEditorRepository(app.db);
  const executives = { onRequest: requireRole('executive') };
  const write = createContentWriter(app.db);
  const listed = async () => ({ categories: await team.listCategories() });

  app.post('/content/team/categories', executives, async (request, reply) => {
    const input = parseWith(TeamCategoryInputSchema, request.body);
    const category = await write(() => categories.create(input));
    return reply.code(201).send({ category, ...(await listed()) });
  });

  // Reordering names every category: registered before `:id` reads "order" as an id.
  app.put('/content/team/categories/order', executives, async (request) => {
    const { ids } = parseWith(TeamCategoryOrderSchema, request.body);
    await write(() => categories.reorder(ids));
    return listed();
  });

  // The API's create-or-replace by id (idempotent): kept for scripts that name their ids.
  app.put('/content/team/categories/:id', executives, async (request) => {
    const { id } = parseWith(CategoryParams, request.params);
    const input = parseWith(TeamCategoryEditSchema, { ...bodyOf(request.body), id });
    await write(() => categories.save(input));
    return listed();
  });

  // The dashboard's rename: only an existing category (404 once another executive deleted it).
  app.patch('/content/team/categories/:id', executives, async (request) => {
    const { id } = parseWith(CategoryParams, request.params);
    const input = parseWith(TeamCategoryInputSchema, request.body);
    await write(() => categories.rename(id, input));
    return listed();
  });

  app.delete('/content/team/categories/:id', executives, async (request, reply) => {
    const { id } = parseWith(CategoryParams, request.params);
    if (!(await write(() => categories.delete(id)))) {
      throw new HttpError(404, 'This category no longer exists: it was deleted.');
    }
    return reply.code(204).send();
  });
};

export default categoryContentRoutes;
