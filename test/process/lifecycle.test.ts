import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

type Started = { child: ChildProcess; url: string; output: () => string };

// The real entry as a user starts it (tsx, like `npm start`), on an ephemeral port.
function startProcess(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/Lunar is running at (\S+)/)?.[1];
      if (url) resolve({ child, url, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`exited with ${code} before listening:\n${output}`)),
    );
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('the process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lunar-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the embedded database, seeds once, and stops cleanly on SIGTERM', async () => {
    const first = await startProcess({ DATA_DIR: dataDir });
    expect(first.output()).toContain('"seeded":"seeded"');
    expect(first.output()).toContain('Discord bot is off: DISCORD_TOKEN is not set');
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await startProcess({ DATA_DIR: dataDir });
    expect(second.output()).toContain('"seeded":"already-seeded"');
    const team = await (await fetch(`${second.url}/api/team`)).json();
    expect(team.categories).toHaveLength(5);
    const exitedAgain = exitOf(second.child);
    second.child.kill('SIGINT');
    expect(await exitedAgain).toBe(0);
  });

  it('refuses to start with a bad configuration, naming each variable, exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', LUNAR_ROLES: 'web,mailer' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toContain('Lunar cannot start');
    expect(stderr).toContain('PORT: must be a port number');
    expect(stderr).toContain('LUNAR_ROLES');
  });
});
