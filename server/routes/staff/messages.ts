import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { KeysetIdSchema, PageQuerySchema } from '../../../core/shared/page';
import {
  CONTACT_LIST_MAX,
  ContactMessageCursorSchema,
  createContactMessagesRepository,
} from '../../../db/repositories/contact-messages';
import { HttpError, parseWith } from '../../http-errors';
import { getSignedInStaff, requireRole } from '../../plugins/auth';

const MessageListQuerySchema = PageQuerySchema(ContactMessageCursorSchema, {
  defaultLimit: 50,
  maxLimit: CONTACT_LIST_MAX,
}).extend({
  handled: z
    .enum(['true', 'false'], { error: 'Handled must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});

const MessageIdSchema = z.object({
  id: z.coerce.number({ error: 'Not a message id' }).pipe(KeysetIdSchema),
});

/** The contact inbox, for leads and executives: read it, mark messages handled. */
const messageRoutes: FastifyPluginAsync = async (app) => {
  const messages = createContactMessagesRepository(app.db);
  const leads = { onRequest: requireRole('lead') };

  app.get('/messages', leads, async (request) => {
    const { limit, cursor, handled } = parseWith(MessageListQuerySchema, request.query);
    return messages.list({ limit, after: cursor, handled });
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
