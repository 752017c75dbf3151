import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { type LunarProcess, startLunarProcess, waitForOutput } from '../support/process';

// A `web` process with METRICS_PORT, as deploy/prometheus/prometheus.yml scrapes it: the port
// must serve the registry the site counts its requests in, the same one its GET /metrics
// serves (it once served an empty registry of its own).

const METRICS_TOKEN = 'metrics-port-test-token-0123456789';

/** The `lunar_http_*` and page-cache samples of a scrape, with their values, sorted. */
function requestSamples(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^lunar_(http_\w+|page_cache_requests_total)\{/.test(line))
    .filter((line) => !line.includes('route="/metrics"'))
    .sort();
}

describe.each(DRIVERS)('a web process with METRICS_PORT on %s', (driver) => {
  let database: TestDatabase | undefined;
  let dataDir: string;
  let lunar: LunarProcess & { url: string };
  let metricsPort: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lunar-metrics-port-'));
    if (driver === 'postgres') database = await createTestDatabase('postgres');
    lunar = await startLunarProcess({
      DATA_DIR: dataDir,
      ...(database?.url && { DATABASE_URL: database.url }),
      LUNAR_ROLES: 'web',
      METRICS_PORT: '0',
      METRICS_TOKEN,
    });
    const [, port] = await waitForOutput(lunar, /metrics on port (\d+)/);
    metricsPort = Number(port);
  }, 120_000);

  afterAll(async () => {
    lunar?.child.kill('SIGTERM');
    await lunar?.exited;
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const scrape = async (url: string) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it('serves the same request series on the metrics port as on the site’s /metrics', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${lunar.url}/api/health`)).status).toBe(200);
    }
    expect((await fetch(`${lunar.url}/api/no-such-thing`)).status).toBe(404);
    expect((await fetch(`${lunar.url}/`)).status).toBe(200);

    const fromPort = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
    const fromSite = await scrape(`${lunar.url}/metrics`);
    expect(fromPort).toMatch(
      /^lunar_http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} 3$/m,
    );
    expect(fromPort).toMatch(
      /^lunar_http_requests_total\{method="GET",route="[^"]*",status_code="404"\} 1$/m,
    );
    expect(fromPort).toMatch(/^lunar_page_cache_requests_total\{result="(hit|miss)"\} [1-9]/m);
    expect(requestSamples(fromPort)).toEqual(requestSamples(fromSite));
    // The process's own metrics are there too, once.
    expect(fromPort.match(/^# TYPE process_cpu_seconds_total /gm)).toHaveLength(1);
    expect(fromPort).toMatch(/^lunar_database_up 1$/m);
  }, 60_000);
});
