import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MessageListQuerySchema } from '../../../core/contact/staff-list';
import { KeysetIdSchema } from '../../../core/shared/page';
import { createContactMessagesRepository } from '../../../db/repositories/contact-messages';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

const MessageIdSchema = z.object({
  id: z.coerce.number({ error: 'Not a message id' }).pipe(KeysetIdSchema),
});

/** The contact inbox, for leads and executives: read it, mark messages handled. */
const messageRoutes: FastifyPluginAsync = async (app) => {
  const messages = createContactMessagesRepository(app.db);
  const leads = { onRequest: requireRole('lead') };

  app.get('/messages', leads, async (request) => {
    return messages.list(parseWith(MessageListQuerySchema, request.query));
  });

  app.post('/messages/:id/handled', leads, async (request) => {
    const { staff } = await getSignedInStaff(request);
    const { id } = parseWith(MessageIdSchema, request.params);
    const handled = await messages.markHandled(id, staff.id);
    if (!handled) throw new HttpError(404, 'No such message.');
    return handled;
  });
};

export default messageRoutes;
