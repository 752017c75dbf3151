import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Cold start of the real process on the embedded database, compiled (`npm start`) and from
// the sources through tsx (`npm run dev`; how `npm start` ran before dist/server/ existed),
// each on an empty DATA_DIR (first start: the build's template or initdb, migrate, seed) and
// on the data that start left (second start). Per start: time until it serves, CPU time spent
// by then (steadier than wall time on a busy machine), peak RSS, and RSS when idle after one
// page view. Median of BENCH_RUNS runs (default 3), interleaved. BENCH_BASELINE=<checkout>
// adds that checkout's sources through tsx as a column (e.g. main before a change).
// Needs `npm run build` first (bench/run.ts does it). Run: npm run bench startup
const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_MS = 5000;

type Mode = { label: string; cwd: string; args: string[] };
const MODES: Mode[] = [
  ...(process.env.BENCH_BASELINE
    ? [
        {
          label: 'baseline, tsx',
          cwd: process.env.BENCH_BASELINE,
          args: ['--import', 'tsx', 'entry/main.ts'],
        },
      ]
    : []),
  { label: 'sources, tsx', cwd: root, args: ['--import', 'tsx', 'entry/main.ts'] },
  { label: 'compiled', cwd: root, args: ['--enable-source-maps', 'dist/server/main.mjs'] },
];

type Run = { ms: number; cpuMs: number; peakMb: number; idleMb: number };

function procStatus(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
}

function cpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat (after the command name): user and system ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function startOnce(mode: Mode, dataDir: string): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, mode.args, {
    cwd: mode.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      LUNAR_ENV_FILE: '',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid as number;
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', async (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/Lunar is running at (\S+)/)?.[1];
      if (!url || output.includes('\0')) return;
      output += '\0'; // measured once
      const ms = performance.now() - started;
      const cpu = cpuMs(pid);
      await fetch(url); // one page render, as a first visitor would
      await new Promise((wait) => setTimeout(wait, IDLE_MS));
      const run = {
        ms,
        cpuMs: cpu,
        peakMb: procStatus(pid, 'VmHWM'),
        idleMb: procStatus(pid, 'VmRSS'),
      };
      child.on('exit', () => resolve(run));
      child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('exit', (code) => code && reject(new Error(`${mode.label} exited with ${code}`)));
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const results = new Map(MODES.map((mode) => [mode, { empty: [] as Run[], existing: [] as Run[] }]));
for (let run = 0; run < RUNS; run += 1) {
  for (const mode of MODES) {
    const dataDir = mkdtempSync(join(tmpdir(), 'lunar-bench-'));
    try {
      results.get(mode)?.empty.push(await startOnce(mode, dataDir));
      results.get(mode)?.existing.push(await startOnce(mode, dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const row = (
  label: string,
  pick: (runs: { empty: Run[]; existing: Run[] }) => number[],
  unit: string,
) =>
  console.log(
    label.padEnd(30) +
      MODES.map((mode) => {
        const runs = results.get(mode);
        return `${runs ? median(pick(runs)).toFixed(0) : '-'} ${unit}`.padStart(16);
      }).join(''),
  );
console.log(`median of ${RUNS} run(s); idle = ${IDLE_MS / 1000} s after one page view`);
console.log(''.padEnd(30) + MODES.map((mode) => mode.label.padStart(16)).join(''));
for (const data of ['empty', 'existing'] as const) {
  console.log(data === 'empty' ? 'first start, empty DATA_DIR' : 'second start, existing data');
  row('  until it serves', (r) => r[data].map((x) => x.ms), 'ms');
  row('  CPU time until it serves', (r) => r[data].map((x) => x.cpuMs), 'ms');
  row('  peak RSS', (r) => r[data].map((x) => x.peakMb), 'MB');
  row('  idle RSS', (r) => r[data].map((x) => x.idleMb), 'MB');
}
