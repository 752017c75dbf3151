import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnLunar, startLunarProcess, waitForOutput } from '../support/process';
import { aDesigner, aPng, multipartBody, postInParts } from '../support/uploads';

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

  it('exits 1 with the reason when its data directory cannot be opened', async () => {
    // The embedded database opens while the rest of the code loads (entry/serve.ts): its
    // failure must still be the one start-up error line, not an unhandled rejection.
    const notADirectory = join(dataDir, 'not-a-directory');
    writeFileSync(notADirectory, '');
    const lunar = spawnLunar({ DATA_DIR: notADirectory });
    expect(await lunar.exited).toBe(1);
    expect(lunar.output()).toMatch(
      /^Lunar failed to start: DATA_DIR \S+not-a-directory is not writable: EEXIST\. /m,
    );
    expect(lunar.output()).not.toMatch(/unhandled|^\s+at /im);
  }, 60_000);

  it('stops cleanly on a SIGTERM that arrives while it is still starting', async () => {
    const lunar = spawnLunar({ DATA_DIR: dataDir });
    await waitForOutput(lunar, /database ready/);
    lunar.child.kill('SIGTERM');
    expect(await lunar.exited).toBe(0);
    expect(lunar.output()).toContain('SIGTERM received, shutting down');
  }, 60_000);

  it('drains on SIGTERM: uploads in flight finish, new connections are refused, exit 0', async () => {
    const lunar = await startLunarProcess({ DATA_DIR: dataDir });
    await waitForOutput(lunar, /Discord bot is off/);
    const uploads = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const images = [1, 2].map((i) => ({ name: `${i}.png`, data: aPng(1_000_000, n * 10 + i) }));
        const application = JSON.stringify(aDesigner({ robloxUsername: `drain_${n}` }));
        const { body, contentType } = await multipartBody({ application }, images);
        const upload = postInParts(`${lunar.url}/api/applications`, body, contentType);
        await upload.started;
        await upload.send(body.byteLength / 2);
        return upload;
      }),
    );

    lunar.child.kill('SIGTERM');
    await waitForOutput(lunar, /draining: new connections are refused/);
    const late = await fetch(`${lunar.url}/api/health`).then(
      (response) => response.status,
      (error: Error) => (error.cause as { code?: string })?.code,
    );
    expect(late).toBe('ECONNREFUSED');
    for (const upload of uploads) upload.end();

    const answers = await Promise.all(uploads.map((upload) => upload.answer));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await lunar.exited).toBe(0);
  }, 120_000);

  it('refuses to start with a bad configuration, naming each variable, exit code 1', async () => {
    const lunar = spawnLunar({ PORT: 'eighty', LUNAR_ROLES: 'web,mailer' });
    expect(await lunar.exited).toBe(1);
    expect(lunar.output()).toContain('Lunar cannot start');
    expect(lunar.output()).toContain('PORT: must be a port number');
    expect(lunar.output()).toContain('LUNAR_ROLES');
  });
});
