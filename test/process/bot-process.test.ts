import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord';

const root = new URL('../..', import.meta.url).pathname;

type Started = { child: ChildProcess; output: () => string };

// The real entry (tsx, like `npm start`) until `ready` appears in its log.
function startProcess(env: Record<string, string>, ready: RegExp): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...(process.env.WEB_DIST_DIR && { WEB_DIST_DIR: process.env.WEB_DIST_DIR }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve({ child, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('the process with the Discord bot', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lunar-bot-'));
  let fake: FakeDiscord;
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    const contact = fake.guild.channels.find((channel) => channel.name === 'contact');
    env = {
      DATA_DIR: dataDir,
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_GUILD_ID: fake.guild.id,
      DISCORD_CONTACT_CHANNEL_ID: contact?.id ?? '',
    };
  });
  afterAll(async () => {
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('connects, delivers a contact message, and stops cleanly on SIGTERM', async () => {
    const started = await startProcess(
      env,
      /outbox worker started[\s\S]*Lunar is running at (\S+)|Lunar is running at \S+[\s\S]*outbox worker started/,
    );
    const url = started.output().match(/Lunar is running at (\S+)/)?.[1];
    expect(started.output()).toContain('Discord bot connected');
    expect(fake.connectedClients()).toBe(1);
    const response = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hi',
        message: 'Hello',
      }),
    });
    expect(response.status).toBe(201);
    const channelId = env.DISCORD_CONTACT_CHANNEL_ID ?? '';
    await expect.poll(() => fake.messagesIn(channelId).length, { timeout: 5000 }).toBe(1);
    const exited = exitOf(started.child);
    started.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(started.output()).not.toMatch(/"level":50/);
  }, 60_000);

  it('runs as LUNAR_ROLES=bot,worker without a web server', async () => {
    const started = await startProcess(
      { ...env, LUNAR_ROLES: 'bot,worker' },
      /outbox worker started/,
    );
    expect(started.output()).not.toContain('Lunar is running at');
    const exited = exitOf(started.child);
    started.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(started.output()).toContain('SIGTERM received, shutting down');
  }, 60_000);
});
