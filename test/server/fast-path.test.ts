import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpContentVersion } from '../../db/repositories/content-version';
import { seedOnce } from '../../db/seed';
import { type RunningWeb, startWeb } from '../../server/start-web';
import { buildTestApp, testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

// Needs `npm run build` (the pages and assets are the built web app).

type Answer = { status: number; headers: [string, string][]; body: Buffer };
type LogLine = { msg: string; url?: string; reqId?: string; status?: number; pages?: number };

/** A port nothing listens on now (the web role announces PUBLIC_URL, not its port). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive connection, its answer as sent: header order, bytes. */
function send(
  base: string,
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, base), { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const pairs: [string, string][] = [];
        for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i] ?? '', raw[i + 1] ?? '']);
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** An answer with its Date header left out (the one header that may differ by a second). */
const comparable = ({ status, headers, body }: Answer) => ({
  status,
  headers: headers.filter(([name]) => name.toLowerCase() !== 'date'),
  body: `${body.length} bytes, sha256 ${createHash('sha256').update(body).digest('hex')}`,
});

const header = (answer: Answer, name: string) =>
  answer.headers.find(([key]) => key.toLowerCase() === name)?.[1];

/** An answer read off a raw connection: status line, fields in order, the bytes. */
type RawAnswer = Answer & { statusLine: string };

/**
 * Writes `parts` to a new connection, one write each (a few ms apart), and reads `count`
 * answers off it (`bodiless[i]`: the i-th has no body whatever its length says, HEAD or 304).
 */
function exchange(
  base: string,
  parts: string[],
  expected: { count: number; bodiless?: boolean[] },
): Promise<{ answers: RawAnswer[]; socket: import('node:net').Socket }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let buffer = Buffer.alloc(0);
    const answers: RawAnswer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const [statusLine = '', ...lines] = buffer
          .subarray(0, end)
          .toString('latin1')
          .split('\r\n');
        const headers = lines.map((line): [string, string] => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon), line.slice(colon + 1).trim()];
        });
        const length = Number(
          headers.find(([name]) => name.toLowerCase() === 'content-length')?.[1] ?? 0,
        );
        const bodyLength = expected.bodiless?.[answers.length] ? 0 : length;
        if (buffer.length < end + 4 + bodyLength) return;
        const body = buffer.subarray(end + 4, end + 4 + bodyLength);
        buffer = buffer.subarray(end + 4 + bodyLength);
        answers.push({ statusLine, status: Number(statusLine.split(' ')[1]), headers, body });
        if (answers.length === expected.count) resolve({ answers, socket });
      }
    });
    socket.on('connect', async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((next) => setTimeout(next, 20));
      }
    });
  });
}

describe.each(DRIVERS)('fast path on %s', (driver) => {
  let database: TestDatabase;
  let web: RunningWeb;
  let stopped = false;
  let webUrl: string;
  let fastify: FastifyInstance;
  let fastifyUrl: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedOnce(database.db);
    // One configuration for both: the pages name PUBLIC_URL.
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: 'https://lunar.example' };
    const config = testConfig({ ...env, LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    // The process's web role (fast path in front), and the same app on plain Fastify.
    web = await startWeb(config, database, pino({ level: 'info' }, stream));
    webUrl = `http://127.0.0.1:${port}`;
    fastify = await buildTestApp(database, { web: true, env });
    fastifyUrl = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    agent.destroy();
    if (!stopped) await web?.close();
    await fastify?.close();
    await database?.close();
  });

  /** Whether the web role answered `path` on the fast path: its log line has no request id. */
  function answeredFast(path: string, since: number): boolean {
    const line = lines.slice(since).find((l) => l.msg === 'request' && l.url === path);
    if (!line) throw new Error(`no request line for ${path}`);
    return line.reqId === undefined;
  }

  /**
   * The web role's answer from the fast path. A stored page is answered there once Fastify
   * has stored it and read the content version (at most a second old), so this asks again
   * until it is (a bound, not a speed check).
   */
  async function fastAnswer(path: string, options?: Parameters<typeof send>[2]) {
    // For a second after a content bump in this process (the seed's) the version is read on
    // every page request, so attempts are spaced over a few seconds.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const since = lines.length;
      const answer = await send(webUrl, path, options);
      if (answeredFast(path, since)) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${path} was never answered on the fast path`);
  }

  /** Fastify's answer to the same request, once it answers from its page cache too. */
  async function fastifyAnswer(path: string, options?: Parameters<typeof send>[2]) {
    await send(fastifyUrl, path, options);
    return send(fastifyUrl, path, options);
  }

  async function expectSame(path: string, options?: Parameters<typeof send>[2]) {
    const fastifys = await fastifyAnswer(path, options);
    const fast = await fastAnswer(path, options);
    expect(comparable(fast)).toEqual(comparable(fastifys));
    return fast;
  }

  const ENCODINGS: Record<string, string>[] = [
    { 'accept-encoding': 'gzip, deflate, br' },
    { 'accept-encoding': 'gzip' },
    {},
  ];

  it('answers a stored page as Fastify does: every encoding, HEAD, 304', async () => {
    for (const path of ['/', '/terms', '/blog', '/terms?ref=mail']) {
      for (const headers of ENCODINGS) {
        const answer = await expectSame(path, { headers });
        expect(answer.status).toBe(200);
        expect(header(answer, 'server-timing')).toBe('cache;desc="hit"');
        expect(header(answer, 'content-security-policy')).toBeTruthy();
        const head = await expectSame(path, { method: 'HEAD', headers });
        expect(head.body.length).toBe(0);
        const etag = header(answer, 'etag') ?? '';
        const cached = await expectSame(path, { headers: { ...headers, 'if-none-match': etag } });
        expect(cached.status).toBe(304);
        expect(cached.body.length).toBe(0);
      }
    }
    const brotli = await fastAnswer('/', { headers: ENCODINGS[0] });
    expect(header(brotli, 'content-encoding')).toBe('br');
  });

  it('answers a hashed asset as Fastify does, on a kept-alive connection', async () => {
    const home = (await send(webUrl, '/')).body.toString();
    const script = home.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? '';
    expect(script).not.toBe('');
    for (const headers of [...ENCODINGS, { 'accept-encoding': 'identity' }]) {
      const answer = await expectSame(script, { headers });
      expect(answer.status).toBe(200);
      // A bodiless GET answered at once is no unread upload: the connection stays open.
      expect(header(answer, 'connection')).toBe('keep-alive');
      await expectSame(script, { method: 'HEAD', headers });
      const etag = header(answer, 'etag') ?? '';
      const cached = await expectSame(script, { headers: { ...headers, 'if-none-match': etag } });
      expect(cached.status).toBe(304);
    }
  });

  const head = (method: string, path: string, fields: Record<string, string> = {}) =>
    `${method} ${path} HTTP/1.1\r\nHost: lunar.example\r\n${Object.entries(fields)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`;

  it('answers a new connection off its own bytes with what node:http writes: pipelined, HEAD, 304', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    // node:http's fast answer (the agent's connection was handed to it long ago).
    const onNode = await fastAnswer('/terms', { headers: gzip });
    const etag = header(onNode, 'etag') ?? '';
    const since = lines.length;
    const { answers, socket } = await exchange(
      webUrl,
      [
        head('GET', '/terms', gzip) +
          head('HEAD', '/terms', gzip) +
          head('GET', '/terms', { ...gzip, 'If-None-Match': etag }),
      ],
      { count: 3, bodiless: [false, true, true] },
    );
    socket.destroy();
    const [page, headOnly, notModified] = answers;
    expect(page?.statusLine).toBe('HTTP/1.1 200 OK');
    expect(comparable(page as Answer)).toEqual(comparable(onNode));
    expect(header(page as Answer, 'date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT$/);
    expect(comparable({ ...(headOnly as Answer), body: onNode.body })).toEqual(comparable(onNode));
    // Logged as node:http's fast answers are, without a request id.
    const logged = lines
      .slice(since)
      .filter((line) => line.msg === 'request' && line.url === '/terms');
    expect(logged.map((line) => [line.status, line.reqId])).toEqual([
      [200, undefined],
      [200, undefined],
      [304, undefined],
    ]);
    expect(notModified?.statusLine).toBe('HTTP/1.1 304 Not Modified');
    const onNodeNotModified = await fastAnswer('/terms', {
      headers: { ...gzip, 'if-none-match': etag },
    });
    expect(comparable(notModified as Answer)).toEqual(comparable(onNodeNotModified));
  });

  it('hands a connection to node:http at its first other request, unread bytes and all', async () => {
    const body = JSON.stringify({
      name: 'Raw',
      email: 'raw@example.com',
      subject: 'Hi',
      message: 'Pipelined',
    });
    const post =
      'POST /api/contact HTTP/1.1\r\nHost: lunar.example\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const { answers, socket } = await exchange(
      webUrl,
      // A stored page, then a POST with its body, then the page again; the last request is
      // split across writes.
      [
        head('GET', '/terms'),
        post + head('GET', '/terms').slice(0, 20),
        head('GET', '/terms').slice(20),
      ],
      { count: 3 },
    );
    socket.destroy();
    expect(answers.map((answer) => answer.status)).toEqual([200, 201, 200]);
    expect(JSON.parse(answers[1]?.body.toString() ?? '{}')).toEqual({ id: expect.any(Number) });
    expect(answers[2]?.body.equals(answers[0]?.body ?? Buffer.alloc(0))).toBe(true);

    // Pipelined requests behind answers the client has not read: node:http takes over
    // (it stops reading while the socket is full) and every answer arrives, in order.
    const home = (await send(webUrl, '/')).body.toString();
    const script = home.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? '';
    const asset = (await send(webUrl, script)).body;
    const many = await exchange(webUrl, [head('GET', script).repeat(40)], { count: 40 });
    many.socket.destroy();
    expect(many.answers.every((answer) => answer.status === 200 && answer.body.equals(asset))).toBe(
      true,
    );

    // A head cut short goes to node:http at once, which waits for the rest.
    const split = await exchange(webUrl, ['GET /terms HTTP/1.1\r\nHo', 'st: a\r\n\r\n'], {
      count: 1,
    });
    split.socket.destroy();
    expect(split.answers[0]?.status).toBe(200);
    // Connection: close, node:http's to honour: it answers and closes.
    const closing = await exchange(webUrl, [head('GET', '/terms', { Connection: 'close' })], {
      count: 1,
    });
    expect(header(closing.answers[0] as Answer, 'connection')).toBe('close');
    await new Promise((closed) => closing.socket.on('close', closed));
    // A client that half-closes after its request: answered, then closed from our side too.
    const halfClosed = await exchange(webUrl, [head('GET', '/terms')], { count: 1 });
    const closedByServer = new Promise((closed) => halfClosed.socket.on('close', closed));
    halfClosed.socket.end();
    await closedByServer;
    // A request node:http refuses outright.
    const bad = await exchange(webUrl, ['GET / HTTP/1.1\r\n\r\n'], { count: 1 });
    bad.socket.destroy();
    expect(bad.answers[0]?.status).toBe(400);
  });

  it('leaves everything else to Fastify', async () => {
    const throughFastify = async (path: string, options?: Parameters<typeof send>[2]) => {
      await send(webUrl, path, options);
      const since = lines.length;
      const answer = await send(webUrl, path, options);
      expect(answeredFast(path, since)).toBe(false);
      expect(answer.status).toBe((await fastifyAnswer(path, options)).status);
      return answer;
    };
    // A staff page still needs a session: the guard sends the browser to sign in.
    const staff = await throughFastify('/dashboard');
    expect(staff.status).toBe(302);
    expect(header(staff, 'location')).toMatch(/^\/signin\?next=/);
    // Not stored pages: the 404 page, a path with escapes, other methods, the API.
    expect((await throughFastify('/no-such-page')).status).toBe(404);
    expect((await throughFastify('/%74erms')).status).toBe(200);
    expect((await throughFastify('/terms', { method: 'POST' })).status).toBe(404);
    expect((await throughFastify('/api/health')).status).toBe(200);
    // HTML the client wants uncompressed yet named an encoding for: @fastify/compress's call.
    const deflate = await throughFastify('/terms', { headers: { 'accept-encoding': 'deflate' } });
    expect(header(deflate, 'content-encoding')).toBe('deflate');
  });

  it('renders the pages it answered again after a content change, before anyone asks', async () => {
    await fastAnswer('/terms', { headers: { 'accept-encoding': 'gzip' } });
    await fastAnswer('/blog', { headers: { 'accept-encoding': 'gzip' } });
    const since = lines.length;
    await bumpContentVersion(database.db, 'fast path test');
    // The round starts once the process has read the new version (every half second; a
    // second after a bump of its own). A bound, not a speed check.
    const round = () =>
      lines.slice(since).find((line) => line.msg === 'pages rendered again after a content change');
    for (let attempt = 0; attempt < 100 && !round(); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(round()?.pages).toBeGreaterThanOrEqual(2);
    // The first requests after the change find their pages stored: answered in front of
    // Fastify, on a new connection read off the socket too.
    const before = lines.length;
    await send(webUrl, '/blog', { headers: { 'accept-encoding': 'gzip' } });
    expect(answeredFast('/blog', before)).toBe(true);
    const { answers, socket } = await exchange(webUrl, [head('GET', '/terms')], { count: 1 });
    socket.destroy();
    expect(answers[0]?.status).toBe(200);
    expect(answeredFast('/terms', before)).toBe(true);
  });

  it('closes the connections it reads when the process stops, as node:http closes its idle ones', async () => {
    const { answers, socket } = await exchange(webUrl, [head('GET', '/terms')], { count: 1 });
    expect(answers[0]?.status).toBe(200);
    const closed = new Promise((done) => socket.on('close', done));
    stopped = true;
    await web.close();
    await closed;
  });
});
