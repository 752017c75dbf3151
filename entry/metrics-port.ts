import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type MetricsSource = { render(): Promise<{ contentType: string; body: string }> };
type MetricsPort = { port: number; close(): Promise<void> };

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * METRICS_PORT: `GET /metrics` for every role, so the bot-and-worker process, which has no web
 * server, is scraped too. Without METRICS_TOKEN it listens on 127.0.0.1 only and asks for no
 * token: whoever reaches the loopback interface runs on this machine. With METRICS_TOKEN it
 * listens on HOST (another container can scrape it) and answers only that bearer.
 */
export async function startMetricsPort(
  { port, host, token }: { port: number; host: string; token: string | undefined },
  metrics: MetricsSource,
  log: { warn(obj: unknown, message: string): void },
): Promise<MetricsPort> {
  const expected = token === undefined ? null : digest(`Bearer ${token}`);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics here.\n');
      return;
    }
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('Metrics need the METRICS_TOKEN bearer token.\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(body);
      },
      (error: unknown) => {
        log.warn({ err: error }, 'metrics could not be collected');
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end('Metrics failed; see the log.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, token === undefined ? '127.0.0.1' : host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
