import { toApiMessage } from './api-message';
import { allowedCallbackTypes, validateAutocompleteResult, validateModal } from './callback-checks';
import {
  ALREADY_ACKNOWLEDGED,
  HttpError,
  INVALID_WEBHOOK_TOKEN,
  notFound,
  UNKNOWN_INTERACTION,
  UNKNOWN_MESSAGE,
  UNKNOWN_WEBHOOK,
} from './errors';
import { assertNoIssues, checkChoice, type FieldIssue, type Json } from './form-errors';
import { computePings } from './mentions';
import { assertMessageBody } from './message-checks';
import { createMessage, editMessage, type FakeMessage } from './messages';
import type { Route, RouteContext } from './router';
import {
  type CallbackAttempt,
  type FakeState,
  findAnyMessage,
  type InteractionRecord,
} from './state';

// Interaction webhooks: unknown before the first callback, and refused once the token's 15
// minutes are over (401 Invalid Webhook Token).
function recordByToken(state: FakeState, appId: string | undefined, token: string | undefined) {
  const record = [...state.interactions.values()].find((item) => item.token === token);
  if (!record || appId !== state.applicationId || !record.response) {
    throw notFound(UNKNOWN_WEBHOOK, 'Webhook');
  }
  if (Date.now() - record.sentAt > state.interactionTokenTtlMs) {
    throw new HttpError(401, { message: 'Invalid Webhook Token', code: INVALID_WEBHOOK_TOKEN });
  }
  return record;
}

function addReply(ctx: RouteContext, record: InteractionRecord, data: Json, validate: boolean) {
  if (validate) assertMessageBody(ctx.state, data, ctx.files, { creating: true });
  const message = createMessage(record.channelId, data, ctx.files, { interactionId: record.id });
  if (validate) message.pings = computePings(ctx.state, message, { viaInteraction: true });
  if (!message.ephemeral) {
    ctx.state.messages.push(message);
    ctx.state.messageCreated(message, ctx.baseUrl.port);
  }
  return message;
}

function sourceMessage(state: FakeState, record: InteractionRecord): FakeMessage {
  const found = findAnyMessage(state, record.sourceMessageId ?? '');
  if (!found) throw notFound(UNKNOWN_MESSAGE, 'Message');
  return found.message;
}

/** The deferred "is thinking…" message gets its content: from here on it is a normal reply. */
function fillDeferred(
  ctx: RouteContext,
  record: InteractionRecord,
  message: FakeMessage,
  body: Json,
) {
  // The ephemeral state chosen when deferring stays, whatever flags the edit carries.
  const { flags: _flags, ...rest } = body;
  editMessage(message, rest, ctx.files);
  record.loading = false;
  message.pings = computePings(ctx.state, message, { viaInteraction: true });
}

function respond(ctx: RouteContext, record: InteractionRecord, body: Json) {
  const data = (body.data ?? {}) as Json;
  switch (body.type) {
    case 4:
      record.original = addReply(ctx, record, data, true);
      return record.original;
    case 5:
      // The "is thinking…" placeholder that a later @original edit fills in.
      record.original = addReply(ctx, record, { flags: data.flags ?? 0 }, false);
      record.loading = true;
      return record.original;
    case 6:
      return undefined;
    case 7: {
      const message = sourceMessage(ctx.state, record);
      assertMessageBody(ctx.state, data, ctx.files, { creating: false });
      editMessage(message, data, ctx.files);
      return message;
    }
    case 8:
      assertNoIssues(validateAutocompleteResult(data));
      record.choices = data.choices as InteractionRecord['choices'];
      return undefined;
    case 9:
      assertNoIssues(validateModal(data));
      record.modal = data;
      return undefined;
    default:
      return undefined;
  }
}

function acknowledge(ctx: RouteContext, record: InteractionRecord | undefined) {
  const { state, params, body } = ctx;
  if (!record || record.token !== params.token || record.expired) {
    throw notFound(UNKNOWN_INTERACTION, 'interaction');
  }
  if (record.response) {
    throw new HttpError(400, {
      message: 'Interaction has already been acknowledged.',
      code: ALREADY_ACKNOWLEDGED,
    });
  }
  const issues: FieldIssue[] = [];
  checkChoice(issues, ['type'], body.type, allowedCallbackTypes(record));
  assertNoIssues(issues);
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
        // "Only present if type is either CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE."
        message:
          message && (body.type === 4 || body.type === 7)
            ? toApiMessage(state, message, ctx.baseUrl.port)
            : undefined,
      },
    },
  };
}

/** Records every attempt, refused ones included, so tests can see a late or second answer. */
function handleCallback(ctx: RouteContext) {
  const record = ctx.state.interactions.get(ctx.params.interactionId ?? '');
  const attempt: CallbackAttempt = { type: ctx.body.type, status: 0, at: Date.now() };
  if (record && record.token === ctx.params.token) record.callbacks.push(attempt);
  try {
    const result = acknowledge(ctx, record);
    attempt.status = result.status;
    return result;
  } catch (error) {
    if (error instanceof HttpError) {
      attempt.status = error.status;
      attempt.code = error.body.code;
    }
    throw error;
  }
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

function createFollowUp(ctx: RouteContext) {
  const record = recordByToken(ctx.state, ctx.params.appId, ctx.params.token);
  // Right after a deferred reply, Discord fills the loading message instead of adding one.
  if (record.loading && record.original) {
    assertMessageBody(ctx.state, ctx.body, ctx.files, { creating: true });
    fillDeferred(ctx, record, record.original, ctx.body);
    return { status: 200, body: toApiMessage(ctx.state, record.original, ctx.baseUrl.port) };
  }
  const message = addReply(ctx, record, ctx.body, true);
  record.followUps.push(message);
  return { status: 200, body: toApiMessage(ctx.state, message, ctx.baseUrl.port) };
}

function editWebhookMessage(ctx: RouteContext) {
  const { record, message } = webhookMessage(ctx);
  assertMessageBody(ctx.state, ctx.body, ctx.files, { creating: false });
  if (record.loading && message === record.original) fillDeferred(ctx, record, message, ctx.body);
  else editMessage(message, ctx.body, ctx.files);
  return { status: 200, body: toApiMessage(ctx.state, message, ctx.baseUrl.port) };
}

const webhookMessagePattern = '/webhooks/:appId/:token/messages/:messageId';

export const interactionRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/interactions/:interactionId/:token/callback',
    auth: 'none',
    handle: handleCallback,
  },
  { method: 'POST', pattern: '/webhooks/:appId/:token', auth: 'none', handle: createFollowUp },
  {
    method: 'GET',
    pattern: webhookMessagePattern,
    auth: 'none',
    handle: (ctx) => ({
      status: 200,
      body: toApiMessage(ctx.state, webhookMessage(ctx).message, ctx.baseUrl.port),
    }),
  },
  { method: 'PATCH', pattern: webhookMessagePattern, auth: 'none', handle: editWebhookMessage },
  {
    method: 'DELETE',
    pattern: webhookMessagePattern,
    auth: 'none',
    handle: (ctx) => {
      const { record, message } = webhookMessage(ctx);
      message.deleted = true;
      if (message === record.original) record.loading = false;
      return { status: 204 };
    },
  },
];
