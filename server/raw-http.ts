import { STATUS_CODES } from 'node:http';

// The little of HTTP/1.1 the fast path reads off a socket itself (server/fast-path.ts): the
// head of a plain GET or HEAD, and nothing it is unsure of. Whatever is not exactly that is
// "other" and goes to node:http unread, so this never has to be as complete as node's parser,
// only never wrong about what it accepts.

/** A request head the fast path may answer; `end` is where the next request starts. */
export type RawHead = {
  method: 'GET' | 'HEAD';
  url: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  end: number;
};

/** node:http's default limit on a request head; a longer one is node's to refuse. */
const MAX_HEAD_BYTES = 16 * 1024;
const REQUEST_LINE = /^(GET|HEAD) (\/[\x21-\x7e]*) HTTP\/1\.1$/;
/**
 * A field: a token name, then a value of visible ASCII, spaces and tabs (trimmed after). One
 * greedy run, no nested whitespace runs: a pattern that backtracks over a long line of spaces
 * would let one request hold the event loop for minutes.
 */
const FIELD = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):([\t\x20-\x7e]*)$/;
/**
 * Fields that change how the request is read or answered (a body, the connection's fate, a
 * protocol switch, an expectation): node:http and Fastify handle those.
 */
const HANDED_ON_FIELDS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'expect',
]);

/**
 * The request head starting at `offset` in `chunk`: parsed, 'incomplete' (its end is not in
 * this chunk), or 'other' (anything but a well-formed HTTP/1.1 GET or HEAD without a body whose
 * connection stays open: node:http reads it).
 */
export function readRawHead(chunk: Buffer, offset: number): RawHead | 'incomplete' | 'other' {
  const headEnd = chunk.indexOf('\r\n\r\n', offset, 'latin1');
  if (headEnd === -1) return chunk.length - offset > MAX_HEAD_BYTES ? 'other' : 'incomplete';
  if (headEnd - offset > MAX_HEAD_BYTES) return 'other';
  const lines = chunk.toString('latin1', offset, headEnd).split('\r\n');
  const request = REQUEST_LINE.exec(lines[0] ?? '');
  if (!request) return 'other';
  let acceptEncoding: string | undefined;
  let ifNoneMatch: string | undefined;
  let hosts = 0;
  for (let index = 1; index < lines.length; index++) {
    const field = FIELD.exec(lines[index] as string);
    if (!field) return 'other';
    const name = (field[1] as string).toLowerCase();
    // Only spaces and tabs can be at either end: trim() takes exactly those.
    const value = (field[2] as string).trim();
    if (HANDED_ON_FIELDS.has(name)) return 'other';
    // Repeated, node:http would join them: it reads those.
    if (name === 'host') hosts += 1;
    else if (name === 'accept-encoding') {
      if (acceptEncoding !== undefined) return 'other';
      acceptEncoding = value;
    } else if (name === 'if-none-match') {
      if (ifNoneMatch !== undefined) return 'other';
      ifNoneMatch = value;
    }
  }
  // HTTP/1.1 asks for exactly one Host; node:http refuses a request without (400).
  if (hosts !== 1) return 'other';
  return {
    method: request[1] as 'GET' | 'HEAD',
    url: request[2] as string,
    acceptEncoding,
    ifNoneMatch,
    end: headEnd + 4,
  };
}

/**
 * An answer's status line and fields as node:http writes them for `writeHead(status, list)`,
 * up to its own Date and Connection fields, which the caller appends.
 */
export function serializeHead(status: number, headers: readonly string[]): string {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
  for (let index = 0; index + 1 < headers.length; index += 2) {
    head += `${headers[index]}: ${headers[index + 1]}\r\n`;
  }
  return head;
}
