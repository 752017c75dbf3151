import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import send from '@fastify/send';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStaticFiles } from './static-files';

describe("the build's files through @fastify/static", () => {
  let dir: string;
  let app: FastifyInstance;
  const big = Buffer.alloc(200_000, 'a');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lunar-static-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), big);
    writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), 'gzip bytes');
    writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), 'brotli bytes');
    writeFileSync(join(dir, 'og-image.png'), 'png');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, 'index.html'), '<template/>');
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
    app = Fastify();
    await serveStaticFiles(app, dir);
    app.setNotFoundHandler((_request, reply) => reply.status(404).send('page route'));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends hashed names immutable, in the encoding the client accepts', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(big)).toBe(true);
  });

  it('caches the share card a month and other unhashed files an hour', async () => {
    expect((await get('/og-image.png')).headers['cache-control']).toBe('public, max-age=2592000');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('leaves the template, the manifest, the compressed copies and unknown paths to the page route', async () => {
    for (const url of [
      '/index.html',
      '/.vite/manifest.json',
      '/assets/app-abc123.js.gz',
      '/',
      '/nope',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe('page route');
    }
  });

  // patches/@fastify+send+4.2.1.patch: without it the stream reads 16 KiB at a time on Node 20.
  it("reads files in fs streams' 64 KiB chunks", async () => {
    const { stream } = await send(
      { headers: {}, method: 'GET' } as never,
      '/assets/app-abc123.js',
      { root: dir },
    );
    expect(stream.readableHighWaterMark).toBe(64 * 1024);
    stream.destroy();
  });
});
