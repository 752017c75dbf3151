import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { MAX_IMAGES } from '../core/applications';
import { cpuMs, freePort, stopChild } from './support/served';

// Uploaded images through the bucket vs through DATA_DIR (docs/decisions/048-object-storage.md):
// the server (web role, from the sources, embedded database) started twice, once with files
// under DATA_DIR and once with S3_BUCKET pointing at a local S3 server (s3rver, in its own
// process on this machine: a real bucket adds network time, not server CPU). For each:
// - POST /api/contact (no images) and the designer application with MAX_IMAGES images of
//   IMAGE_KB each, under load: req/s and p99 (autocannon, a client address per request so the
//   per-IP limits never answer 429; TRUST_PROXY=1);
// - the server's peak memory (VmHWM) over its idle RSS while it takes one, then four, maximum
//   applications (10 images just under 5 MB: 50 MB each), per upload: bounded by the parts in
//   flight, not the file size.
// Run: npm run bench -- object-storage (BENCH_SECONDS per load, default 5)
const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const IMAGE_KB = 200;
const MAX_IMAGE = 5 * 1024 * 1024 - 1024;

function procKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
}

/** A PNG header followed by noise (the server checks the magic bytes only). */
function anImage(bytes: number, seed: number): Uint8Array<ArrayBuffer> {
  const image = new Uint8Array(bytes);
  let x = seed * 2654435761;
  for (let i = 0; i < bytes; i += 4) {
    x = (x * 1103515245 + 12345) >>> 0;
    image[i] = x & 0xff;
  }
  image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return image;
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

async function applicationBody(imageBytes: number, seed: number) {
  const form = new FormData();
  form.append('application', JSON.stringify(designer));
  for (let i = 0; i < MAX_IMAGES; i += 1) {
    form.append('images', new Blob([anImage(imageBytes, seed * 100 + i)]), `${i}.png`);
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? '',
  };
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'entry/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      LUNAR_ENV_FILE: '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: 'https://lunar.example',
      TRUST_PROXY: '1',
      LUNAR_ROLES: 'web',
      LOG_LEVEL: 'warn',
      // As in production, the bot's token is known (otherwise each message is also logged).
      DISCORD_TOKEN: 'bench.token.unused',
      DISCORD_GUILD_ID: '100000000000000001',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Lunar is running at/.test(output)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function startS3(): Promise<{ env: Record<string, string>; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/s3-server-process.ts', 'lunar-bench'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.on('exit', (code) => reject(new Error(`the S3 server exited with ${code}`)));
  });
  return { env, child };
}

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

type Load = { rps: number; p99: number; ok: number; total: number };

function load(url: string, path: string, body: Buffer, type: string, connections: number) {
  return new Promise<Load>((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            path,
            setupRequest: (request) => ({
              ...request,
              headers: { 'content-type': type, 'x-forwarded-for': nextAddress() },
              body,
            }),
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              rps: result.requests.total / SECONDS,
              p99: result.latency.p99,
              ok: result['2xx'],
              total: result.requests.total,
            }),
    );
  });
}

/** Peak RSS growth per upload while `count` maximum applications are sent at once. */
async function peakPerUpload(url: string, pid: number, count: number) {
  const bodies = await Promise.all(
    Array.from({ length: count }, (_, i) => applicationBody(MAX_IMAGE, 1000 + i)),
  );
  // The high-water mark starts again from now (Linux: 5 > clear_refs), so start-up's own peak
  // (the embedded database opening) is not counted.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const idleMb = procKb(pid, 'VmRSS') / 1024;
  const statuses = await Promise.all(
    bodies.map(async ({ body, type }) => {
      const response = await fetch(`${url}/api/applications`, {
        method: 'POST',
        body,
        headers: { 'content-type': type, 'x-forwarded-for': nextAddress() },
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const peakMb = procKb(pid, 'VmHWM') / 1024;
  return { perUploadMb: Math.max(0, peakMb - idleMb) / count, statuses };
}

const contact = Buffer.from(
  JSON.stringify({
    name: 'Bench',
    email: 'bench@example.com',
    subject: 'Object storage',
    message: 'A message with no images.',
  }),
);
const application = await applicationBody(IMAGE_KB * 1024, 1);
const s3 = await startS3();
const rows: string[] = [];
try {
  for (const [label, env] of [
    ['DATA_DIR', {}],
    ['bucket', s3.env],
  ] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), 'lunar-bench-storage-'));
    const server = await startServer({ DATA_DIR: dataDir, ...env });
    try {
      // Memory first, on a fresh process: its high-water mark is this test's.
      const one = await peakPerUpload(server.url, server.child.pid as number, 1);
      const four = await peakPerUpload(server.url, server.child.pid as number, 4);
      await load(server.url, '/api/contact', contact, 'application/json', 10); // warm
      const posts = await load(server.url, '/api/contact', contact, 'application/json', 50);
      const serverCpu = cpuMs(server.child.pid as number);
      const s3Cpu = cpuMs(s3.child.pid as number);
      const uploads = await load(
        server.url,
        '/api/applications',
        application.body,
        application.type,
        4,
      );
      // CPU per application: Lunar's own, and the local S3 server's (a real bucket's is not ours).
      const perApplication = (ms: number) => (ms / Math.max(1, uploads.total)).toFixed(0);
      const cpu = `CPU per application: server ${perApplication(cpuMs(server.child.pid as number) - serverCpu)} ms, s3rver ${perApplication(cpuMs(s3.child.pid as number) - s3Cpu)} ms`;
      const f = (n: number) => n.toFixed(0).padStart(6);
      rows.push(
        `${label.padEnd(9)} contact ${f(posts.rps)} req/s p99 ${f(posts.p99)} ms (${posts.ok}/${posts.total} 2xx) | ` +
          `application ${f(uploads.rps)} req/s p99 ${f(uploads.p99)} ms (${uploads.ok}/${uploads.total} 2xx) | ` +
          `${cpu} | peak per 50 MB upload: ${one.perUploadMb.toFixed(1)} MB alone, ${four.perUploadMb.toFixed(1)} MB of 4 at once (status ${[...one.statuses, ...four.statuses].join(',')})`,
      );
    } finally {
      await stopChild(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await stopChild(s3.child);
}
console.log(
  `Uploads through DATA_DIR vs the bucket (local s3rver); contact at 50 connections, the designer application (${MAX_IMAGES} images of ${IMAGE_KB} KB) at 4, ${SECONDS} s each`,
);
for (const row of rows) console.log(row);
