/** What a JSON request came back with; network failures become `{ ok: false, status: 0 }`. */
type PostResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors: Record<string, string>;
      /** The whole JSON answer, for refusals that say more (a 409's existing ticket). */
      body?: unknown;
    };

import { NETWORK_MESSAGE } from './api-store';

/**
 * Sends a write and reads its JSON answer, never throwing: forms show the server's message (and
 * field errors) as they are. `body` goes as JSON, or as multipart when it is FormData (an
 * upload). Same-origin, so the browser adds the `Origin` the server's CSRF check reads.
 */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<PostResult<T>> {
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !multipart && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_MESSAGE, fieldErrors: {} };
  }
  const json = (await response.json().catch(() => null)) as {
    message?: unknown;
    fieldErrors?: unknown;
  } | null;
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  return {
    ok: false,
    status: response.status,
    message:
      typeof json?.message === 'string'
        ? json.message
        : `Something went wrong (error ${response.status}). Please try again.`,
    fieldErrors:
      json?.fieldErrors && typeof json.fieldErrors === 'object'
        ? (json.fieldErrors as Record<string, string>)
        : {},
    body: json,
  };
}
