import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLunar } from '../entry/start';
import { testConfig } from '../test/support/app';

// Prerendered page throughput of the real server (web role, embedded database): requests
// per second and latency percentiles over loopback, 8 requests in flight, 4 s per page.
// Needs `npm run build` (bench/run.ts does it). Run: npm run bench pages
const PATHS = ['/', '/blog', '/team/portfolios/novadev', '/terms', '/apply/designer', '/api/team'];
const CONCURRENCY = 8;
const DURATION_MS = 4000;

const dataDir = mkdtempSync(join(tmpdir(), 'lunar-pages-'));
const lunar = await startLunar(
  testConfig({ PORT: '0', DATA_DIR: dataDir, LUNAR_ROLES: 'web', LOG_LEVEL: 'warn' }),
);
const base = lunar.url ?? '';

async function measure(path: string) {
  const latencies: number[] = [];
  let bytes = 0;
  const deadline = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' } });
        bytes += (await response.arrayBuffer()).byteLength;
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]?.toFixed(1);
  const perSecond = (latencies.length / (DURATION_MS / 1000)).toFixed(0);
  const size = (bytes / latencies.length / 1024).toFixed(1);
  console.log(
    `${path.padEnd(28)} ${perSecond.padStart(5)} req/s   p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   ${size} KB/answer`,
  );
}

try {
  for (const path of PATHS) await fetch(base + path); // warm up
  for (const path of PATHS) await measure(path);
} finally {
  await lunar.close();
  rmSync(dataDir, { recursive: true, force: true });
}
