import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type SignInLinkRequest, SignInLinkRequestSchema } from '../core/auth';
import type { Database } from '../db/client';
import { createSignInLink } from '../db/repositories/sign-in-links';

// PGlite admits one process per data directory, so while the server runs on the embedded
// database, `npm run login-link` cannot open it: it asks the server instead, over HTTP bound to
// 127.0.0.1 only, with a secret the server writes to DATA_DIR/control.json (mode 0600, removed
// on stop). Reading the file proves the caller may read the data directory, which is all the
// database itself asks.

const CONTROL_FILE = 'control.json';
const MAX_BODY_BYTES = 4096;

type ControlFile = { pid: number; port: number; secret: string };

type LocalControl = { close(): Promise<void> };

const digest = (text: string) => createHash('sha256').update(text).digest();

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the channel and writes DATA_DIR/control.json; `close` removes both. */
export async function startLocalControl({
  dataDir,
  db,
  siteUrl,
  log,
}: {
  dataDir: string;
  db: Database;
  /** Where the links point: the running site's address. */
  siteUrl: string;
  log: { error(obj: unknown, message: string): void };
}): Promise<LocalControl> {
  const secret = randomBytes(32).toString('base64url');
  const expected = digest(`Bearer ${secret}`);

  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'POST' || req.url !== '/sign-in-links') {
        return answer(res, 404, { message: 'Unknown request' });
      }
      const given = digest(String(req.headers.authorization ?? ''));
      if (!timingSafeEqual(given, expected)) return answer(res, 401, { message: 'Wrong secret' });
      const body = await readBody(req);
      let json: unknown;
      try {
        json = body === null ? undefined : JSON.parse(body);
      } catch {
        json = undefined;
      }
      const input = SignInLinkRequestSchema.safeParse(json);
      if (!input.success) {
        return answer(res, 400, { message: input.error.issues.map((i) => i.message).join('; ') });
      }
      const path = await createSignInLink(db, input.data);
      return answer(res, 200, { path, url: new URL(path, siteUrl).href });
    } catch (error) {
      log.error({ err: error }, 'local control request failed');
      return answer(res, 500, { message: 'The server could not make the link; see its log.' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });

  const file = join(dataDir, CONTROL_FILE);
  const control: ControlFile = {
    pid: process.pid,
    port: (server.address() as AddressInfo).port,
    secret,
  };
  // A leftover file (a crash) is replaced, never reused: `wx` creates it afresh with 0600.
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(control), { mode: 0o600, flag: 'wx' });

  return {
    async close() {
      rmSync(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Asks the server running on DATA_DIR for a sign-in link: its full URL, or null when no
 * server holds the directory (no control file, or a leftover one from a process that died).
 */
export async function requestSignInLink(
  dataDir: string,
  input: SignInLinkRequest,
): Promise<string | null> {
  let control: ControlFile;
  try {
    control = JSON.parse(readFileSync(join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
  } catch {
    return null;
  }
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${control.port}/sign-in-links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    if (!isRunning(control.pid)) return null;
    throw new Error(
      `The Lunar server (process ${control.pid}) holds ${dataDir} but did not answer (${(error as Error).message}). ` +
        `Try again, or stop it and run this command again.`,
    );
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !body.url) {
    throw new Error(`The running server refused: ${body.message ?? response.status}`);
  }
  return body.url;
}
