import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A load's figures: answers per second, p99 latency (ms), and answers by kind. */
export type Load = {
  rps: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
  total: number;
};

/**
 * wrk (C, one thread) for GET loads: autocannon's parser costs the client more per byte of
 * body than the servers spend answering, so a large asset measured the client, not the server
 * (a bare node:http server gave 330 req/s for the 80 KB vendor chunk under autocannon and
 * 4,650 under wrk). Found, or installed with apt-get when run as root, as nginx is.
 */
export function findWrk(): string | undefined {
  if (existsSync('/usr/bin/wrk')) return '/usr/bin/wrk';
  if (process.getuid?.() !== 0) return undefined;
  spawnSync('apt-get', ['install', '-y', '-q', 'wrk'], { stdio: 'ignore' });
  return existsSync('/usr/bin/wrk') ? '/usr/bin/wrk' : undefined;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  return match ? Number(match[1]) * (UNIT_MS[match[2] as string] ?? Number.NaN) : Number.NaN;
}

/** What `wrk --latency` printed, as the bench's figures. */
function parseWrk(output: string): Load {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const total = number(/(\d+) requests in/);
  const other = number(/Non-2xx or 3xx responses: (\d+)/);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p99: milliseconds(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    ok: total - other,
    other,
    errors,
    total,
  };
}

export function runWrk(
  wrk: string,
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Load> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...headers,
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile(wrk, args, (error, stdout) => (error ? reject(error) : resolve(parseWrk(stdout))));
  });
}
