import { HttpError, INVALID_FORM_BODY } from './errors';
import type { FakeMessage } from './messages';
import { type FakeState, MESSAGE_CONTENT, MESSAGE_CONTENT_LIMITED } from './state';

// Get Channel Messages: `limit` 1–100 (default 50) and one of `before`, `after`, `around`;
// the page is always newest first, as Discord sends it.

export type MessagePage = { limit: number; before?: bigint; after?: bigint; around?: bigint };

function invalid(field: string, code: string, message: string): HttpError {
  return new HttpError(
    400,
    {
      message: 'Invalid Form Body',
      code: INVALID_FORM_BODY,
      errors: { [field]: { _errors: [{ code, message }] } },
    },
    true,
  );
}

export function readMessagePage(query: URLSearchParams): MessagePage {
  const raw = query.get('limit');
  const limit = raw === null ? 50 : Number(raw);
  if (!Number.isInteger(limit))
    throw invalid('limit', 'NUMBER_TYPE_COERCE', `Value "${raw}" is not int.`);
  if (limit < 1)
    throw invalid('limit', 'NUMBER_TYPE_MIN', 'Int value should be greater than or equal to 1.');
  if (limit > 100)
    throw invalid('limit', 'NUMBER_TYPE_MAX', 'Int value should be less than or equal to 100.');
  const page: MessagePage = { limit };
  const anchors = (['before', 'after', 'around'] as const).filter((key) => query.has(key));
  for (const key of anchors) {
    const value = query.get(key) ?? '';
    if (!/^\d{1,20}$/.test(value))
      throw invalid(key, 'NUMBER_TYPE_COERCE', `Value "${value}" is not snowflake.`);
    page[key] = BigInt(value);
  }
  return page;
}

/** `list` in creation order; the page Discord would answer, newest first. */
export function selectPage(list: FakeMessage[], page: MessagePage): FakeMessage[] {
  const id = (message: FakeMessage) => BigInt(message.id);
  if (page.after !== undefined) {
    const after = page.after;
    return list
      .filter((message) => id(message) > after)
      .slice(0, page.limit)
      .reverse();
  }
  if (page.around !== undefined) {
    const around = page.around;
    const older = list.filter((message) => id(message) <= around);
    const newer = list.filter((message) => id(message) > around);
    const half = Math.floor(page.limit / 2);
    return [...older.slice(-(page.limit - half)), ...newer.slice(0, half)].reverse();
  }
  const before = page.before;
  const older = before === undefined ? list : list.filter((message) => id(message) < before);
  return older.slice(-page.limit).reverse();
}

/**
 * Without the Message Content intent (neither flag on the application), Discord sends other
 * people's messages with empty content, embeds, attachments and components, unless the message
 * mentions the bot.
 */
export function withoutContentUnlessAllowed<T extends Record<string, unknown>>(
  state: FakeState,
  api: T,
  message: FakeMessage,
): T {
  const allowed = (state.applicationFlags & (MESSAGE_CONTENT | MESSAGE_CONTENT_LIMITED)) !== 0;
  const byBot = !message.authorId || message.authorId === state.bot.id;
  if (allowed || byBot || message.pings.users.includes(state.bot.id)) return api;
  return { ...api, content: '', embeds: [], attachments: [], components: [] };
}
