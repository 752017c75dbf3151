import { toApiMessage } from './api-message';
import {
  ALREADY_ACKNOWLEDGED,
  HttpError,
  INVALID_FORM_BODY,
  notFound,
  UNKNOWN_INTERACTION,
  UNKNOWN_MESSAGE,
  UNKNOWN_WEBHOOK,
} from './errors';
import { assertMessageBody } from './message-checks';
import { createMessage, editMessage, type FakeMessage } from './messages';
import type { Route, RouteContext } from './router';
import type { FakeState, InteractionRecord } from './state';

type Json = Record<string, unknown>;

function recordByToken(state: FakeState, appId: string | undefined, token: string | undefined) {
  const record = [...state.interactions.values()].find((item) => item.token === token);
  if (!record || appId !== state.applicationId || !record.response) {
    throw notFound(UNKNOWN_WEBHOOK, 'Webhook');
  }
  return record;
}

function addReply(ctx: RouteContext, record: InteractionRecord, data: Json, validate: boolean) {
  if (validate) assertMessageBody(ctx.state, data, ctx.files, { creating: true });
  const message = createMessage(record.channelId, data, ctx.files, { interactionId: record.id });
  if (!message.ephemeral) ctx.state.messages.push(message);
  return message;
}

function sourceMessage(state: FakeState, record: InteractionRecord): FakeMessage {
  const message = state.messages.find((item) => item.id === record.sourceMessageId);
  if (!message) throw notFound(UNKNOWN_MESSAGE, 'Message');
  return message;
}

function assertModal(data: Json) {
  const customId = typeof data.custom_id === 'string' ? data.custom_id : '';
  const title = typeof data.title === 'string' ? data.title : '';
  const components = Array.isArray(data.components) ? data.components : [];
  if (
    !customId ||
    [...customId].length > 100 ||
    !title ||
    [...title].length > 45 ||
    components.length === 0 ||
    components.length > 5
  ) {
    throw new HttpError(
      400,
      {
        message: 'Invalid Form Body',
        code: INVALID_FORM_BODY,
        errors: {
          data: {
            _errors: [
              {
                code: 'MODAL_INVALID',
                message: 'Modal must have a custom_id (≤100), a title (≤45) and 1–5 components',
              },
            ],
          },
        },
      },
      true,
    );
  }
}

function respond(
  ctx: RouteContext,
  record: InteractionRecord,
  body: Json,
): FakeMessage | undefined {
  const data = (body.data ?? {}) as Json;
  switch (body.type) {
    case 1:
    case 6:
      return undefined;
    case 4:
      record.original = addReply(ctx, record, data, true);
      return record.original;
    case 5:
      // The "is thinking…" placeholder that a later @original edit fills in.
      record.original = addReply(ctx, record, { flags: data.flags ?? 0 }, false);
      return record.original;
    case 7: {
      const message = sourceMessage(ctx.state, record);
      assertMessageBody(ctx.state, data, ctx.files, { creating: false });
      editMessage(message, data, ctx.files);
      return message;
    }
    case 9:
      assertModal(data);
      return undefined;
    default:
      throw new HttpError(
        400,
        {
          message: 'Invalid Form Body',
          code: INVALID_FORM_BODY,
          errors: {
            type: {
              _errors: [
                {
                  code: 'BASE_TYPE_CHOICES',
                  message: `Value must be one of (1, 4, 5, 6, 7, 9, 10, 12).`,
                },
              ],
            },
          },
        },
        true,
      );
  }
}

function handleCallback(ctx: RouteContext) {
  const { state, params, body } = ctx;
  const record = state.interactions.get(params.interactionId ?? '');
  if (!record || record.token !== params.token || record.expired) {
    throw notFound(UNKNOWN_INTERACTION, 'interaction');
  }
  if (record.response) {
    throw new HttpError(400, {
      message: 'Interaction has already been acknowledged.',
      code: ALREADY_ACKNOWLEDGED,
    });
  }
  const message = respond(ctx, record, body);
  record.response = { type: Number(body.type), data: body.data as Json | undefined };
  state.callbackWaiters.get(record.id)?.(record);
  if (ctx.query.get('with_response') !== 'true') return { status: 204 };
  return {
    status: 200,
    body: {
      interaction: {
        id: record.id,
        type: record.type,
        activity_instance_id: null,
        response_message_id: message?.id ?? null,
        response_message_loading: body.type === 5,
        response_message_ephemeral: message?.ephemeral ?? false,
      },
      resource: {
        type: body.type,
        message: message ? toApiMessage(state, message, ctx.baseUrl.port) : undefined,
      },
    },
  };
}

function webhookMessage(ctx: RouteContext): { record: InteractionRecord; message: FakeMessage } {
  const { state, params } = ctx;
  const record = recordByToken(state, params.appId, params.token);
  if (params.messageId === '@original') {
    // After a deferred update (6) or an update (7), @original is the clicked message itself.
    const message =
      record.original ?? (record.sourceMessageId ? sourceMessage(state, record) : undefined);
    if (message && !message.deleted) return { record, message };
  }
  const followUp = record.followUps.find((item) => item.id === params.messageId && !item.deleted);
  if (!followUp) throw notFound(UNKNOWN_MESSAGE, 'Message');
  return { record, message: followUp };
}

const webhookMessagePattern = '/webhooks/:appId/:token/messages/:messageId';

export const interactionRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/interactions/:interactionId/:token/callback',
    auth: false,
    handle: handleCallback,
  },
  {
    method: 'POST',
    pattern: '/webhooks/:appId/:token',
    auth: false,
    handle: (ctx) => {
      const record = recordByToken(ctx.state, ctx.params.appId, ctx.params.token);
      const message = addReply(ctx, record, ctx.body, true);
      record.followUps.push(message);
      return { status: 200, body: toApiMessage(ctx.state, message, ctx.baseUrl.port) };
    },
  },
  {
    method: 'GET',
    pattern: webhookMessagePattern,
    auth: false,
    handle: (ctx) => ({
      status: 200,
      body: toApiMessage(ctx.state, webhookMessage(ctx).message, ctx.baseUrl.port),
    }),
  },
  {
    method: 'PATCH',
    pattern: webhookMessagePattern,
    auth: false,
    handle: (ctx) => {
      const { message } = webhookMessage(ctx);
      assertMessageBody(ctx.state, ctx.body, ctx.files, { creating: false });
      editMessage(message, ctx.body, ctx.files);
      return { status: 200, body: toApiMessage(ctx.state, message, ctx.baseUrl.port) };
    },
  },
  {
    method: 'DELETE',
    pattern: webhookMessagePattern,
    auth: false,
    handle: (ctx) => {
      webhookMessage(ctx).message.deleted = true;
      return { status: 204 };
    },
  },
];
