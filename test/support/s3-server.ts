import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A local S3 server for the bucket's tests and benchmarks: s3rver (the maintained fork
// @20minutes/s3rver, a devDependency), on a free loopback port, its objects in a tmp folder.

type S3rverInstance = {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const require = createRequire(import.meta.url);

function loadS3rver(): S3rverClass | null {
  try {
    return require('@20minutes/s3rver') as S3rverClass;
  } catch {
    return null;
  }
}

/** What a suite that needs the local S3 server lacks (for describeNeeding), or null. */
export const S3_SERVER_MISSING = loadS3rver()
  ? null
  : '@20minutes/s3rver is not installed (npm ci installs it: a devDependency)';

/** s3rver's built-in account: the only key pair it accepts. */
const ACCESS_KEY = 'S3RVER';

export type LocalS3 = {
  /** The S3_* settings that point Lunar at it, for testConfig / buildTestApp. */
  env: Record<string, string>;
  bucket: string;
  port: number;
  /** Stops the server (a bucket that is down); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

/** Starts a local S3 server with one empty bucket. */
export async function startLocalS3(bucket = 'lunar-test'): Promise<LocalS3> {
  const S3rver = loadS3rver();
  if (!S3rver) throw new Error(S3_SERVER_MISSING ?? 's3rver missing');
  const directory = mkdtempSync(join(tmpdir(), 'lunar-s3-'));
  const make = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
      // s3rver signs bucket-level requests (list, head bucket) with another canonical path
      // than the SDK: it would refuse them all. Signatures are the real service's business;
      // the access key is still checked.
      allowMismatchedSignatures: true,
    });
  let server = make(0);
  const { port } = await server.run();
  let running = true;
  return {
    bucket,
    port,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async start() {
      if (running) return;
      server = make(port);
      await server.run();
      running = true;
    },
    async close() {
      if (running) await server.close();
      running = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type LocalS3Process = {
  /** The S3_* settings that point Lunar at it. */
  env: Record<string, string>;
  bucket: string;
  port: number;
  /** SIGSTOP: the bucket hangs (connections are accepted by the kernel, nothing answers). */
  pause(): void;
  /** SIGCONT: it carries on with what it was sent meanwhile. */
  resume(): void;
  close(): Promise<void>;
};

/** The local S3 server in a child process (./s3-server-process.ts), which a test may stop. */
export async function startLocalS3Process(bucket = 'lunar-test'): Promise<LocalS3Process> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./s3-server-process.ts', import.meta.url)), bucket],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`the S3 server exited with ${code}`)));
  });
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(name);
  };
  return {
    env,
    bucket,
    port: Number(new URL(env.S3_ENDPOINT as string).port),
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    async close() {
      // A stopped process acts on SIGTERM only once continued.
      signal('SIGCONT');
      signal('SIGTERM');
      await exited;
    },
  };
}
