import type { FastifyInstance } from 'fastify';
import { createSeededRandom } from '../../core/team/seeded-random';
import {
  applicationImages,
  applications,
  blogPosts,
  contactMessages,
  outbox,
} from '../../db/schema';
import { freshIp } from './app';
import type { TestDatabase } from './database';
import { countRows } from './rows';

// Generated hostile input for the public endpoints (test/server/fuzz.test.ts, and in volume
// bench/fuzz.bench.ts). Seeded, so a failure names a seed and an index that replays it.

export type Random = () => number;
export type Fuzzer = ReturnType<typeof createFuzzer>;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\udc00\udc00',
  '\ud800',
  'x\ud83d',
  '\u0007\u001b[31m',
  '\u009b',
  '\r\n\r\n',
  '\u202e\u2066',
  '😀'.repeat(5),
  '🇫🇷👩‍👩‍👧e\u0301',
  '<script>alert(1)</script>',
  "'; drop table contact_messages; --",
  '%00',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '1e400',
  '-0',
  'NaN',
  'true',
  '2024-02-30.1',
  '2024-01-01.2147483648',
];

export function createFuzzer(seed: string) {
  const random: Random = createSeededRandom(seed);
  const int = (max: number) => Math.floor(random() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;

  function char(): string {
    const roll = random();
    if (roll < 0.5) return String.fromCharCode(32 + int(95));
    if (roll < 0.6) return String.fromCharCode(int(32)); // control characters, NUL included
    if (roll < 0.7) return String.fromCharCode(0xd800 + int(0x800)); // a lone surrogate
    if (roll < 0.85) return String.fromCodePoint(0x80 + int(0x2f00));
    return String.fromCodePoint(0x1f000 + int(0x1000));
  }

  function string(): string {
    const roll = random();
    if (roll < 0.3) return pick(NASTY_STRINGS);
    if (roll < 0.31) return pick(['a', '😀', '\u0000', 'é']).repeat(1 + int(120_000));
    let text = '';
    const length = int(roll < 0.8 ? 40 : 6000);
    for (let i = 0; i < length; i++) text += char();
    return text;
  }

  function nested(depth: number): unknown {
    let value: unknown = string();
    for (let i = 0; i < depth; i++) value = random() < 0.5 ? [value] : { a: value };
    return value;
  }

  function value(depth = 0): unknown {
    const roll = random();
    if (roll < 0.4) return string();
    if (roll < 0.55)
      return pick([0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE, 13, 18]);
    if (roll < 0.62) return pick([true, false, null]);
    if (roll < 0.7) return nested(pick([2, 50, 2000]));
    if (depth > 2) return string();
    if (roll < 0.85) return Array.from({ length: int(5) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: int(5) }, () => [string(), value(depth + 1)]));
  }

  /** A valid body with some fields replaced, dropped or added: reaches deep into the schema. */
  function mutate(valid: Record<string, unknown>): Record<string, unknown> {
    const body: Record<string, unknown> = { ...valid };
    const keys = Object.keys(valid);
    const changes = 1 + int(3);
    for (let i = 0; i < changes; i++) {
      const roll = random();
      if (roll < 0.7) body[pick(keys)] = value();
      else if (roll < 0.85) delete body[pick(keys)];
      else body[pick(['__proto__', 'constructor', 'extra', string()])] = value();
    }
    return body;
  }

  /** A raw request body and its content type, from valid-ish JSON to garbage. */
  function body(valid: Record<string, unknown>): { payload: string; contentType: string } {
    const roll = random();
    const json = 'application/json';
    if (roll < 0.55) return { payload: JSON.stringify(mutate(valid)), contentType: json };
    if (roll < 0.7) return { payload: JSON.stringify(value()), contentType: json };
    if (roll < 0.78) return { payload: jsonWithEscapes(mutate(valid)), contentType: json };
    if (roll < 0.86) {
      const text = JSON.stringify(mutate(valid));
      return { payload: text.slice(0, int(text.length)), contentType: json };
    }
    if (roll < 0.9)
      return { payload: '[]'.repeat(int(3)) + '{'.repeat(int(20_000)), contentType: json };
    return {
      payload: JSON.stringify(valid),
      contentType: pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/xml',
        '',
      ]),
    };
  }

  /** JSON text with escapes JSON.stringify would never write for these strings (\u0000, lone \udc00). */
  function jsonWithEscapes(valid: Record<string, unknown>): string {
    const escapes = ['\\u0000', '\\udc00', '\\ud800\\ud800', '\\u001b', '\\u0085', '\\ud83d'];
    return JSON.stringify(valid).replace(/"([^"\\]*)"(?=[,}])/g, (match, inner: string) =>
      random() < 0.5 ? `"${inner}${pick(escapes)}"` : match,
    );
  }

  /** A path segment or query value, percent-encoded as a client may send it. */
  function urlPart(): string {
    const roll = random();
    if (roll < 0.3) return pick(['%00', '%ED%A0%80', '%C0%AF', '%2F', '%5C', '..', '%', '%zz', '']);
    // A lone surrogate cannot be percent-encoded; %ED%A0%80 above is its raw-bytes form.
    return encodeURIComponent(
      string()
        .slice(0, 300)
        .replace(/\p{Cs}/gu, '\uFFFD'),
    );
  }

  return { random, int, pick, string, value, mutate, body, urlPart };
}

/** Every row the public endpoints can write, to prove nothing is stored half-way. */
export async function countPublicRows(database: TestDatabase) {
  const db = database.db;
  const [contact, apps, images, posts, outboxRows] = await Promise.all([
    countRows(db, contactMessages),
    countRows(db, applications),
    countRows(db, applicationImages),
    countRows(db, blogPosts),
    countRows(db, outbox),
  ]);
  return { contact, applications: apps, images, posts, outbox: outboxRows };
}

export type FuzzTally = { total: number; success: number; serverErrors: string[] };

/** Sends `count` generated requests; each answer ≥ 500 is kept with what caused it. */
export async function fuzzEndpoint(
  app: FastifyInstance,
  count: number,
  request: (index: number) => {
    method: 'GET' | 'POST';
    url: string;
    payload?: string | Buffer;
    headers?: Record<string, string>;
  },
): Promise<FuzzTally> {
  const tally: FuzzTally = { total: 0, success: 0, serverErrors: [] };
  for (let index = 0; index < count; index++) {
    const sent = request(index);
    const response = await app.inject({ ...sent, remoteAddress: freshIp() });
    tally.total++;
    if (response.statusCode >= 200 && response.statusCode < 300) tally.success++;
    if (response.statusCode >= 500) {
      const shown = typeof sent.payload === 'string' ? sent.payload.slice(0, 200) : '(binary)';
      tally.serverErrors.push(
        `#${index} ${sent.method} ${sent.url.slice(0, 200)} → ${response.statusCode}: ${JSON.stringify(shown)}`,
      );
    }
  }
  return tally;
}
