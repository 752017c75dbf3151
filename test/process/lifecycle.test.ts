import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnLunar, startLunarProcess, waitForOutput } from '../support/process';

describe('the process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lunar-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on the embedded database, seeds once, and stops cleanly on SIGTERM', async () => {
    const first = await startLunarProcess({ DATA_DIR: dataDir });
    expect(first.output()).toContain('"seeded":"seeded"');
    // Logged once start-up is done; the logger writes asynchronously, so wait for the line.
    await waitForOutput(first, /Discord bot is off: DISCORD_TOKEN is not set/);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startLunarProcess({ DATA_DIR: dataDir });
    expect(second.output()).toContain('"seeded":"already-seeded"');
    const team = await (await fetch(`${second.url}/api/team`)).json();
    expect(team.categories).toHaveLength(5);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    // Two cold starts of a real process, one creating a database: generous on a busy machine.
  }, 120_000);

  it('stops cleanly on a SIGTERM that arrives while it is still starting', async () => {
    const lunar = spawnLunar({ DATA_DIR: dataDir });
    await waitForOutput(lunar, /database ready/);
    lunar.child.kill('SIGTERM');
    expect(await lunar.exited).toBe(0);
    expect(lunar.output()).toContain('SIGTERM received, shutting down');
  }, 60_000);

  it('refuses to start with a bad configuration, naming each variable, exit code 1', async () => {
    const lunar = spawnLunar({ PORT: 'eighty', LUNAR_ROLES: 'web,mailer' });
    expect(await lunar.exited).toBe(1);
    expect(lunar.output()).toContain('Lunar cannot start');
    expect(lunar.output()).toContain('PORT: must be a port number');
    expect(lunar.output()).toContain('LUNAR_ROLES');
  });
});
