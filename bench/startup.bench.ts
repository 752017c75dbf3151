import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Cold start of the real process on the embedded database, as the sources through tsx (how
// `npm start` ran before dist/server/ existed; `npm run dev` still does) and compiled
// (`npm start` now), each on an empty DATA_DIR (first start: initdb or the build's template,
// migrate, seed) and on the data that start left (second start). Per start: time until it
// serves, CPU time spent by then (steadier than wall time on a busy machine), peak RSS, and
// RSS when idle after one page view. Median of BENCH_RUNS runs (default 3), interleaved.
// Needs `npm run build` first (bench/run.ts does it). Run: npm run bench startup
const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_MS = 5000;

const MODES = {
  'tsx (before)': ['--import', 'tsx', 'entry/main.ts'],
  'compiled (after)': ['--enable-source-maps', 'dist/server/main.mjs'],
} as const;
type Mode = keyof typeof MODES;

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
  const child = spawn(process.execPath, MODES[mode], {
    cwd: root,
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
    child.on('exit', (code) => code && reject(new Error(`${mode} exited with ${code}`)));
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const results: Record<Mode, { empty: Run[]; existing: Run[] }> = {
  'tsx (before)': { empty: [], existing: [] },
  'compiled (after)': { empty: [], existing: [] },
};
for (let run = 0; run < RUNS; run += 1) {
  for (const mode of Object.keys(MODES) as Mode[]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'lunar-bench-'));
    try {
      results[mode].empty.push(await startOnce(mode, dataDir));
      results[mode].existing.push(await startOnce(mode, dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const modes = Object.keys(MODES) as Mode[];
const row = (label: string, pick: (runs: (typeof results)[Mode]) => number[], unit: string) =>
  console.log(
    label.padEnd(34) +
      modes
        .map((mode) => `${median(pick(results[mode])).toFixed(0)} ${unit}`.padStart(18))
        .join(''),
  );
console.log(`median of ${RUNS} run(s); idle = ${IDLE_MS / 1000} s after one page view`);
console.log(''.padEnd(34) + modes.map((mode) => mode.padStart(18)).join(''));
for (const data of ['empty', 'existing'] as const) {
  console.log(data === 'empty' ? 'first start, empty DATA_DIR' : 'second start, existing data');
  row('  until it serves', (r) => r[data].map((x) => x.ms), 'ms');
  row('  CPU time until it serves', (r) => r[data].map((x) => x.cpuMs), 'ms');
  row('  peak RSS', (r) => r[data].map((x) => x.peakMb), 'MB');
  row('  idle RSS', (r) => r[data].map((x) => x.idleMb), 'MB');
}
