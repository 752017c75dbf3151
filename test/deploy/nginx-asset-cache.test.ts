import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { describeNeeding } from '../support/needs';
import { startLunarProcess } from '../support/process';

// deploy/nginx/scale.conf run for real in front of the built Lunar: hashed files are answered
// from nginx's cache after the first request, one copy per encoding, and pages never are.
// deploy/nginx/lunar.conf carries the same /assets/ block (test/deploy/deploy-files.test.ts).
const NGINX = '/usr/sbin/nginx';

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** A GET as sent (node's http does not decompress), so encodings can be told apart. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** scale.conf as the proxy container runs it, pointed at this machine's Lunar and folders. */
function localConfig(dir: string, lunarPort: number, port: number): string {
  const site = readFileSync('deploy/nginx/scale.conf', 'utf8')
    .replace(
      /(upstream lunar_web \{)[^}]*?(keepalive)/s,
      `$1\n    server 127.0.0.1:${lunarPort};\n    $2`,
    )
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/var/cache/nginx/lunar-assets', join(dir, 'cache'));
  writeFileSync(join(dir, 'site.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(dir, 'tmp')};`)
    .join(' ');
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')};
events {}
http {
  access_log off;
  ${temp}
  include ${join(dir, 'site.conf')};
}
`;
}

describeNeeding(existsSync(NGINX) ? null : 'nginx is not installed (apt-get install nginx-light)')(
  'nginx in front (deploy/nginx/scale.conf)',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunar-nginx-'));
    let lunar: Awaited<ReturnType<typeof startLunarProcess>> | undefined;
    let nginx: ChildProcess | undefined;
    let direct = '';
    let proxy = '';

    beforeAll(async () => {
      const lunarPort = await freePort();
      lunar = await startLunarProcess({
        DATA_DIR: join(dir, 'data'),
        HOST: '127.0.0.1',
        PORT: String(lunarPort),
        TRUST_PROXY: '1',
        PUBLIC_URL: 'https://lunar.example',
      });
      direct = `http://127.0.0.1:${lunarPort}`;
      const port = await freePort();
      mkdirSync(join(dir, 'tmp'));
      // Started as root, nginx's worker runs as nobody: it must reach its cache and temp files.
      chmodSync(dir, 0o777);
      chmodSync(join(dir, 'tmp'), 0o777);
      writeFileSync(join(dir, 'nginx.conf'), localConfig(dir, lunarPort, port));
      nginx = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], {
        stdio: 'inherit',
      });
      proxy = `http://127.0.0.1:${port}`;
      // Up once it answers through to Lunar.
      const deadline = Date.now() + 30_000;
      while ((await get(`${proxy}/api/health`).catch(() => undefined))?.status !== 200) {
        if (Date.now() > deadline) throw new Error('nginx did not answer within 30 s');
        await new Promise((wait) => setTimeout(wait, 100));
      }
    }, 90_000);

    afterAll(async () => {
      nginx?.kill('SIGTERM');
      lunar?.child.kill('SIGTERM');
      await lunar?.exited;
      rmSync(dir, { recursive: true, force: true });
    });

    it('serves a hashed file from its cache after the first answer, per encoding', async () => {
      const home = (await get(`${proxy}/`)).body.toString();
      const asset = home.match(/\/assets\/[\w.-]+\.js/)?.[0];
      expect(asset).toBeDefined();
      const fromLunar = await get(`${direct}${asset}`, { 'accept-encoding': 'gzip' });

      const first = await get(`${proxy}${asset}`, { 'accept-encoding': 'gzip' });
      const again = await get(`${proxy}${asset}`, { 'accept-encoding': 'gzip' });
      expect(first.headers['x-cache-status']).toBe('MISS');
      expect(again.headers['x-cache-status']).toBe('HIT');
      expect(again.headers['content-encoding']).toBe('gzip');
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(again.body.equals(fromLunar.body)).toBe(true);

      // Lunar's Vary: a brotli client and a client that takes no encoding get their own copy,
      // never the gzip one.
      const brotli = await get(`${proxy}${asset}`, { 'accept-encoding': 'br' });
      expect(brotli.headers['x-cache-status']).toBe('MISS');
      expect(brotli.headers['content-encoding']).toBe('br');
      const plain = await get(`${proxy}${asset}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toContain('import');
      expect(
        (await get(`${proxy}${asset}`, { 'accept-encoding': 'br' })).headers['x-cache-status'],
      ).toBe('HIT');
    });

    it('never caches pages, unknown files or the API', async () => {
      for (const path of ['/', '/assets/no-such-file.js', '/api/health']) {
        await get(`${proxy}${path}`);
        const again = await get(`${proxy}${path}`);
        expect(again.headers['x-cache-status'] ?? 'not cached').not.toBe('HIT');
      }
      expect((await get(`${proxy}/assets/no-such-file.js`)).status).toBe(404);
    });
  },
);
