import { describe, expect, it } from 'vitest';
import { readRawHead, serializeHead } from './raw-http';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const GET = 'GET /blog?page=2 HTTP/1.1\r\nHost: lunar.example\r\n';

describe('reading a request head off the socket', () => {
  it('reads a plain GET or HEAD: method, target, the two fields it needs, and where it ends', () => {
    const head = `${GET}Accept-Encoding: gzip, br\r\nIf-None-Match:  "abc"  \r\nUser-Agent: x\r\n\r\n`;
    expect(readRawHead(bytes(head), 0)).toEqual({
      method: 'GET',
      url: '/blog?page=2',
      acceptEncoding: 'gzip, br',
      ifNoneMatch: '"abc"',
      end: head.length,
    });
    expect(readRawHead(bytes('HEAD / HTTP/1.1\r\nhost: a\r\n\r\n'), 0)).toMatchObject({
      method: 'HEAD',
      url: '/',
      acceptEncoding: undefined,
    });
  });

  it('reads pipelined requests one after the other', () => {
    const first = `${GET}\r\n`;
    const chunk = bytes(`${first}HEAD /terms HTTP/1.1\r\nHost: a\r\n\r\nGET /x`);
    const one = readRawHead(chunk, 0);
    expect(one).toMatchObject({ url: '/blog?page=2', end: first.length });
    const two = readRawHead(chunk, typeof one === 'object' ? one.end : 0);
    expect(two).toMatchObject({ method: 'HEAD', url: '/terms' });
    expect(readRawHead(chunk, typeof two === 'object' ? two.end : 0)).toBe('incomplete');
  });

  it.each([
    ['another method', 'POST / HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['HTTP/1.0', 'GET / HTTP/1.0\r\nHost: a\r\n\r\n'],
    ['an absolute target', 'GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['a space in the target', 'GET /a b HTTP/1.1\r\nHost: a\r\n\r\n'],
    ['no Host', 'GET / HTTP/1.1\r\nAccept: */*\r\n\r\n'],
    ['two Hosts', 'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n'],
    ['a body length', `${GET}Content-Length: 0\r\n\r\n`],
    ['a chunked body', `${GET}Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n`],
    ['Connection: close', `${GET}Connection: close\r\n\r\n`],
    ['an upgrade', `${GET}Upgrade: websocket\r\n\r\n`],
    ['an expectation', `${GET}Expect: 100-continue\r\n\r\n`],
    ['a repeated Accept-Encoding', `${GET}Accept-Encoding: br\r\nAccept-Encoding: gzip\r\n\r\n`],
    ['a folded field', `${GET}Accept: a,\r\n b\r\n\r\n`],
    ['a bare line feed', 'GET / HTTP/1.1\nHost: a\r\n\r\n'],
    ['a control character in a value', `${GET}X-A: a\x00b\r\n\r\n`],
    ['a byte beyond ASCII in a value', `${GET}X-A: caf\xe9\r\n\r\n`],
    ['a space before the colon', `${GET}Host : a\r\n\r\n`],
    ['a head over 16 KB', `${GET}X-A: ${'a'.repeat(17_000)}\r\n\r\n`],
    ['garbage', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n'],
  ])('leaves %s to node:http', (_, head) => {
    expect(readRawHead(bytes(head), 0)).toBe('other');
  });

  it('refuses a long line of spaces ending in a control byte at once (no backtracking)', () => {
    // The earlier field pattern took minutes on this line; the test's timeout would catch it.
    expect(readRawHead(bytes(`${GET}X:${' '.repeat(15_000)}\x01\r\n\r\n`), 0)).toBe('other');
    expect(readRawHead(bytes(`${GET}X-A:${' '.repeat(15_000)}a \r\n\r\n`), 0)).toMatchObject({
      url: '/blog?page=2',
    });
  });

  it('waits for the end of a head, up to the size node:http allows', () => {
    expect(readRawHead(bytes('GET / HTTP/1.1\r\nHost: a\r\n'), 0)).toBe('incomplete');
    expect(readRawHead(bytes(`GET / HTTP/1.1\r\nX-A: ${'a'.repeat(17_000)}`), 0)).toBe('other');
  });
});

describe('writing an answer head', () => {
  it('writes the status line and the fields in order, as node:http does for writeHead', () => {
    expect(serializeHead(304, ['etag', '"a"', 'cache-control', 'no-cache'])).toBe(
      'HTTP/1.1 304 Not Modified\r\netag: "a"\r\ncache-control: no-cache\r\n',
    );
  });
});
