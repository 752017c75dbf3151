import { toApiMessage } from './api-message';
import { cdnUrl } from './cdn';
import { notFound, UNKNOWN_MESSAGE } from './errors';
import { computePings } from './mentions';
import { assertCanSend, assertMessageBody, findChannel } from './message-checks';
import { readMessagePage, selectPage, withoutContentUnlessAllowed } from './message-list';
import {
  createMessage,
  editMessage,
  type FakeAttachment,
  type FakeMessage,
  resolveAttachmentImages,
} from './messages';
import type { Route, RouteContext } from './router';
import type { FakeState } from './state';

// Discord's enforce_nonce window is "a few minutes"; five is what its docs imply.
const NONCE_WINDOW_MS = 5 * 60 * 1000;

function findMessage(state: FakeState, channelId: string, messageId: string): FakeMessage {
  const message = state.messages.find(
    (item) => item.id === messageId && item.channelId === channelId && !item.deleted,
  );
  if (!message) throw notFound(UNKNOWN_MESSAGE, 'Message');
  return message;
}

function findByNonce(state: FakeState, channelId: string, nonce: unknown): FakeMessage | undefined {
  const since = Date.now() - NONCE_WINDOW_MS;
  return state.messages.find(
    (item) =>
      item.channelId === channelId &&
      item.nonce !== undefined &&
      String(item.nonce) === String(nonce) &&
      item.createdAt >= since,
  );
}

const linkIn = (ctx: RouteContext, channelId: string) => (file: FakeAttachment) =>
  cdnUrl(ctx.state, ctx.baseUrl.port, 'attachments', channelId, file);

function createInChannel(ctx: RouteContext) {
  const { state, params, body, files } = ctx;
  const channelId = params.channelId ?? '';
  const channel = findChannel(state, channelId);
  assertMessageBody(state, body, files, { creating: true });
  assertCanSend(state, channel);
  if (body.enforce_nonce === true && body.nonce !== undefined) {
    const existing = findByNonce(state, channelId, body.nonce);
    if (existing) return { status: 200, body: toApiMessage(state, existing, ctx.baseUrl.port) };
  }
  const message = createMessage(channelId, body, files);
  resolveAttachmentImages(message, message.attachments, linkIn(ctx, channelId));
  message.pings = computePings(state, message, { viaInteraction: false });
  state.messages.push(message);
  state.messageCreated(message, ctx.baseUrl.port);
  return { status: 200, body: toApiMessage(state, message, ctx.baseUrl.port) };
}

export const messageRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/channels/:channelId/messages',
    auth: 'bot',
    handle: createInChannel,
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId/messages',
    auth: 'bot',
    handle: ({ state, params, query, baseUrl }) => {
      findChannel(state, params.channelId ?? '');
      const page = readMessagePage(query);
      const list = state.messages.filter(
        (item) => item.channelId === params.channelId && !item.deleted,
      );
      return {
        status: 200,
        body: selectPage(list, page).map((item) =>
          withoutContentUnlessAllowed(state, toApiMessage(state, item, baseUrl.port), item),
        ),
      };
    },
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId/messages/:messageId',
    auth: 'bot',
    handle: ({ state, params, baseUrl }) => {
      findChannel(state, params.channelId ?? '');
      const message = findMessage(state, params.channelId ?? '', params.messageId ?? '');
      const api = toApiMessage(state, message, baseUrl.port);
      return { status: 200, body: withoutContentUnlessAllowed(state, api, message) };
    },
  },
  {
    method: 'PATCH',
    pattern: '/channels/:channelId/messages/:messageId',
    auth: 'bot',
    handle: (ctx) => {
      const { state, params, body, files, baseUrl } = ctx;
      findChannel(state, params.channelId ?? '');
      const message = findMessage(state, params.channelId ?? '', params.messageId ?? '');
      assertMessageBody(state, body, files, { creating: false });
      const before = new Set(message.attachments.map((file) => file.id));
      editMessage(message, body, files);
      const uploaded = message.attachments.filter((file) => !before.has(file.id));
      resolveAttachmentImages(message, uploaded, linkIn(ctx, message.channelId));
      return { status: 200, body: toApiMessage(state, message, baseUrl.port) };
    },
  },
  {
    method: 'DELETE',
    pattern: '/channels/:channelId/messages/:messageId',
    auth: 'bot',
    handle: ({ state, params }) => {
      findMessage(state, params.channelId ?? '', params.messageId ?? '').deleted = true;
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    pattern: '/channels/:channelId/typing',
    auth: 'bot',
    handle: ({ state, params }) => {
      findChannel(state, params.channelId ?? '');
      return { status: 204 };
    },
  },
];
