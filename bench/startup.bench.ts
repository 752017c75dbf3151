import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Cold start of the real entry on the embedded database: first start (creates, migrates,
// seeds) and second start (reuses the data), then the idle memory of the running process.
// Needs `npm run build` first. Run: npm run bench startup
const root = fileURLToPath(new URL('..', import.meta.url));

type Run = { ms: number; rssMb: number };

function startOnce(dataDir: string): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'entry/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', async (chunk: Buffer) => {
      const url = chunk.toString().match(/Lunar is running at (\S+)/)?.[1];
      if (!url) return;
      const ms = performance.now() - started;
      await fetch(url); // one page render, as a first visitor would
      await new Promise((wait) => setTimeout(wait, 5000));
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const rssKb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      child.on('exit', () => resolve({ ms, rssMb: rssKb / 1024 }));
      child.kill('SIGTERM');
    });
    child.on('error', reject);
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'lunar-bench-'));
try {
  const first = await startOnce(dataDir);
  const second = await startOnce(dataDir);
  console.log(`first start (create + migrate + seed): ${first.ms.toFixed(0)} ms`);
  console.log(`second start (existing data):          ${second.ms.toFixed(0)} ms`);
  console.log(`idle RSS after one page view + 5 s:    ${second.rssMb.toFixed(0)} MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
