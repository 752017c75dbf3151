import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
