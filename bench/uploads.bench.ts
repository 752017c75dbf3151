import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '../core/applications';
import { freePort } from './support/served';

// Maximum designer applications at once (MAX_IMAGES images just under MAX_IMAGE_BYTES each),
// 3, 6 and 10 of them, each level against a fresh process on the embedded database, from the
// compiled build (dist/server/main.mjs, as `npm start` runs it), while `/api/health` is asked
// every ~50 ms. Prints health latency p50/p99/max during the uploads, each upload's duration and answer, and the server's RSS growth: its peak
// (VmHWM) over its idle RSS, against the ceiling decision 048 states for MAX_CONCURRENT_UPLOADS
// at once. BENCH_BASELINE=<checkout> runs that checkout's build as well (e.g. main before a
// change). Run: npm run bench -- uploads (BENCH_UPLOADS=3,6,10 by default)
const root = fileURLToPath(new URL('..', import.meta.url));
const LEVELS = (process.env.BENCH_UPLOADS ?? '3,6,10').split(',').map(Number);
const HEALTH_EVERY_MS = 50;
/** Decision 048's ceiling on the RSS the uploads add, at the default cap (4 at once). */
const CEILING_MB = 60;

function procKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** A PNG header followed by noise: the server checks the magic bytes only. */
function anImage(seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(MAX_IMAGE_BYTES - 1024);
  let x = seed * 2654435761;
  for (let i = 0; i < bytes.length; i += 4) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x & 0xff;
  }
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

const designer = {
  type: 'designer',
  robloxUsername: 'bench_designer',
  discordUsername: 'bench_designer',
  age: 16,
  activityLevel: 10,
  designStyle: 'Clean',
  tools: 'Figma',
  designProcess: 'p'.repeat(500),
  designChallenges: 'c'.repeat(500),
  questionsForUs: '',
  questionsBenefits: '',
  additionalInfo: '',
  agreeTerms: true,
};

async function uploadBody(index: number): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  const form = new FormData();
  form.append('application', JSON.stringify(designer));
  for (let i = 0; i < MAX_IMAGES; i += 1) {
    form.append('images', new Blob([anImage(index * 100 + i)], { type: 'image/png' }), `${i}.png`);
  }
  const encoded = new Response(form);
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? '',
  };
}

type Result = {
  label: string;
  uploadMs: number[];
  statuses: number[];
  health: number[];
  healthErrors: number;
  peakMb: number;
  idleMb: number;
};

async function runOnce(label: string, cwd: string, uploads: number): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lunar-bench-uploads-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      LUNAR_ENV_FILE: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A client address per upload (x-forwarded-for), so the per-IP limit never answers 429.
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://lunar.example',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid as number;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const url = `http://127.0.0.1:${port}`;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/Lunar is running at/.test(output)) resolve();
      });
      child.on('exit', (code) => reject(new Error(`${label}: exited with ${code}`)));
    });
    const bodies = await Promise.all(Array.from({ length: uploads }, (_, i) => uploadBody(i)));
    await fetch(`${url}/api/health`); // warm
    const idleMb = procKb(pid, 'VmRSS') / 1024;

    const health: number[] = [];
    let healthErrors = 0;
    let uploading = true;
    const sampler = (async () => {
      while (uploading) {
        const started = performance.now();
        // A kept-alive connection the stalled server timed out resets: counted, not fatal.
        const ok = await fetch(`${url}/api/health`).then(
          (response) => response.arrayBuffer().then(() => true),
          () => false,
        );
        if (ok) health.push(performance.now() - started);
        else healthErrors += 1;
        await new Promise((wait) => setTimeout(wait, HEALTH_EVERY_MS));
      }
    })();
    const answers = await Promise.all(
      bodies.map(async ({ body, type }, i) => {
        const started = performance.now();
        const response = await fetch(`${url}/api/applications`, {
          method: 'POST',
          body,
          headers: {
            'content-type': type,
            origin: 'https://lunar.example',
            'x-forwarded-for': `10.9.0.${i + 1}`,
          },
        });
        await response.arrayBuffer();
        return { ms: performance.now() - started, status: response.status };
      }),
    );
    uploading = false;
    await sampler;
    return {
      label,
      uploadMs: answers.map((answer) => answer.ms),
      statuses: answers.map((answer) => answer.status),
      health: health.sort((a, b) => a - b),
      healthErrors,
      peakMb: procKb(pid, 'VmHWM') / 1024,
      idleMb,
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const targets: [string, string][] = [
  ...(process.env.BENCH_BASELINE
    ? [['baseline', process.env.BENCH_BASELINE] as [string, string]]
    : []),
  ['this checkout', root],
];
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  `designer applications at once, ${MAX_IMAGES} images of ${mb(MAX_IMAGE_BYTES - 1024)} MB each, embedded database, files under DATA_DIR`,
);
for (const [label, cwd] of targets) {
  console.log(`\n${label}`);
  for (const uploads of LEVELS) {
    const r = await runOnce(label, cwd, uploads);
    const f = (ms: number) => `${Math.round(ms)} ms`;
    const answers = Object.entries(
      r.statuses.reduce<Record<number, number>>((count, status) => {
        count[status] = (count[status] ?? 0) + 1;
        return count;
      }, {}),
    )
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    const growth = r.peakMb - r.idleMb;
    console.log(`  ${uploads} at once`);
    console.log(`    answers:        ${answers}; slowest ${f(Math.max(...r.uploadMs))}`);
    console.log(
      `    /api/health:    p50 ${f(percentile(r.health, 50))}, p99 ${f(percentile(r.health, 99))}, max ${f(r.health.at(-1) ?? Number.NaN)} (${r.health.length} samples, ${r.healthErrors} failed)`,
    );
    console.log(
      `    RSS:            ${r.idleMb.toFixed(0)} MB idle, peak ${r.peakMb.toFixed(0)} MB: +${growth.toFixed(0)} MB (ceiling ${CEILING_MB} MB${growth > CEILING_MB ? ', EXCEEDED' : ''})`,
    );
  }
}
