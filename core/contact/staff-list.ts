import { z } from 'zod';
import { FacetParamSchema, ListQuerySchema } from '../shared/list-page';

// The dashboard's contact inbox (`GET /api/staff/messages`, core/shared/list-page.ts).

/** Sortable columns: received, the sender's name, the subject. */
export const MESSAGE_SORTS = ['created', 'name', 'subject'] as const;

/** `open` until someone marks the message handled. */
export const MESSAGE_STATUSES = ['open', 'handled'] as const;

/** The inbox's facets. */
export const MESSAGE_FACETS = ['status'] as const;

/**
 * `q` finds the sender's name or email (their start, any case) or words of the subject or the
 * message; dates are when it was received.
 */
export const MessageListQuerySchema = ListQuerySchema(
  z.enum(MESSAGE_SORTS, { error: `Sort must be one of ${MESSAGE_SORTS.join(', ')}` }),
  'created',
)
  .extend({
    status: FacetParamSchema(
      z.enum(MESSAGE_STATUSES, { error: `Status must be one of ${MESSAGE_STATUSES.join(', ')}` }),
    ).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'From must not be after to',
    path: ['from'],
  });
export type MessageListQuery = z.output<typeof MessageListQuerySchema>;
