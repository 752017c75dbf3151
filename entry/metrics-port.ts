import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type MetricsSource = { render(): Promise<{ contentType: string; body: string }> };
export type MetricsPort = { port: number; close(): Promise<void> };

/**
 * METRICS_PORT: `GET /metrics` on 127.0.0.1 only, without a token: whoever can reach the
 * loopback interface runs on this machine (a Prometheus agent beside it, or a sidecar). Every
 * role may serve it, so the bot-and-worker process, which has no web server, is scraped too.
 */
export async function startMetricsPort(
  port: number,
  metrics: MetricsSource,
  log: { warn(obj: unknown, message: string): void },
): Promise<MetricsPort> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics here.\n');
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
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
