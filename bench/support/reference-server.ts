import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { cpuMs, freePort, type Served, stopChild, waitForPort } from './served';

export type Body = { path: string; type: string; encoding?: string; bytes: Buffer };

function findNginx(): string | undefined {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  if (process.getuid?.() !== 0) return undefined;
  spawnSync('apt-get', ['install', '-y', '-q', 'nginx-light'], { stdio: 'ignore' });
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined;
}

export type Reference = Served & { name: string };

/**
 * The servers Lunar is measured against, serving the very same bytes: nginx (one worker, like
 * the one Node process; where it can run), a bare node:http server (the floor of any Node
 * server: what is left is Node's HTTP and the kernel) and bare Fastify with the standard parts
 * Lunar uses (the floor of Lunar's own design: pages from memory in a route, hashed files
 * through @fastify/static; what is left is Lunar's hooks and headers).
 */
export async function startReferences(bodies: Body[], dir: string): Promise<Reference[]> {
  for (const [index, body] of bodies.entries())
    writeFileSync(join(dir, `body${index}`), body.bytes);
  const nginx = await startNginx(bodies, dir);
  const references = [
    ...(nginx ? [nginx] : []),
    await startNodeHttp(bodies, dir),
    await startFastify(bodies, dir),
  ];
  try {
    for (const reference of references) await checkServes(reference, bodies);
  } catch (error) {
    for (const reference of references) await reference.stop();
    throw error;
  }
  return references;
}

/**
 * A reference must answer each path with 200 and the very bytes Lunar sent, or its figures
 * compare Lunar with something else: run as root, nginx's worker (user nobody) once could not
 * read the bodies in a 0700 temporary folder and answered every request with a 153-byte 404,
 * at twice the rate it serves the real bodies.
 */
async function checkServes(reference: Reference, bodies: Body[]) {
  for (const body of bodies) {
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
      get(`${reference.url}${body.path}`, { headers: { 'accept-encoding': 'gzip' } }, resolve).on(
        'error',
        reject,
      ),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    if (response.statusCode !== 200 || !Buffer.concat(chunks).equals(body.bytes))
      throw new Error(
        `${reference.name} does not serve ${body.path} as Lunar does (status ${response.statusCode})`,
      );
  }
}

async function startNginx(bodies: Body[], dir: string): Promise<Reference | undefined> {
  const nginx = findNginx();
  if (!nginx) return undefined;
  const port = await freePort();
  // nginx started as root runs its worker as nobody, which must be able to read the bodies.
  chmodSync(dir, 0o755);
  const locations = bodies
    .map(
      (body, index) => `location = ${body.path} {
        types {} default_type "${body.type}";
        ${body.encoding ? `add_header content-encoding ${body.encoding};` : ''}
        try_files /body${index} =404;
      }`,
    )
    .join('\n      ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    ${locations}
  }
}
`,
  );
  mkdirSync(join(dir, 'tmp'));
  const child = spawn(nginx, ['-c', join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  await waitForPort(port);
  return {
    name: 'nginx',
    url: `http://127.0.0.1:${port}`,
    stop: () => stopChild(child),
    cpuMs: () => cpuMs(child.pid as number),
  };
}

async function startNodeHttp(bodies: Body[], dir: string): Promise<Reference> {
  const port = await freePort();
  const script = `
    const http = require('node:http'); const fs = require('node:fs');
    const bodies = new Map(${JSON.stringify(bodies.map((b, i) => [b.path, { type: b.type, encoding: b.encoding, file: join(dir, `body${i}`) }]))}
      .map(([path, b]) => [path, { ...b, bytes: fs.readFileSync(b.file) }]));
    http.createServer((req, res) => {
      const body = bodies.get(req.url);
      if (!body) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-type': body.type, ...(body.encoding && { 'content-encoding': body.encoding }) });
      res.end(body.bytes);
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'inherit' });
  await waitForPort(port);
  return {
    name: 'node:http',
    url: `http://127.0.0.1:${port}`,
    stop: () => stopChild(child),
    cpuMs: () => cpuMs(child.pid as number),
  };
}

/** Hashed files (`/assets/…`) through @fastify/static as Lunar serves them; the rest from memory. */
async function startFastify(bodies: Body[], dir: string): Promise<Reference> {
  const port = await freePort();
  const files = join(dir, 'static');
  const routes: { path: string; type: string; encoding?: string; file: string }[] = [];
  for (const [index, body] of bodies.entries()) {
    if (body.path.startsWith('/assets/') && body.encoding === 'gzip') {
      // The name as built, and its gzip copy (preCompressed), which is what a gzip client gets.
      mkdirSync(join(files, 'assets'), { recursive: true });
      writeFileSync(join(files, body.path), 'never sent to a gzip client');
      writeFileSync(join(files, `${body.path}.gz`), body.bytes);
    } else {
      const { path, type, encoding } = body;
      routes.push({ path, type, encoding, file: join(dir, `body${index}`) });
    }
  }
  const script = `
    const fs = require('node:fs');
    const app = require('fastify')();
    app.register(require('@fastify/static'), {
      root: ${JSON.stringify(files)}, wildcard: false, index: false, preCompressed: true,
      globIgnore: ['**/*.gz'],
    });
    for (const { path, type, encoding, file } of ${JSON.stringify(routes)}) {
      const bytes = fs.readFileSync(file);
      app.get(path, (request, reply) => {
        if (encoding) reply.header('content-encoding', encoding);
        reply.type(type).send(bytes);
      });
    }
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  // From this checkout, so require() finds its fastify and @fastify/static.
  const child = spawn(process.execPath, ['-e', script], {
    stdio: 'inherit',
    cwd: join(import.meta.dirname, '../..'),
  });
  await waitForPort(port);
  return {
    name: 'Fastify',
    url: `http://127.0.0.1:${port}`,
    stop: () => stopChild(child),
    cpuMs: () => cpuMs(child.pid as number),
  };
}
