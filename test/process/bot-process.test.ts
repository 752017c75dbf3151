import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord';
import { spawnLunar, waitForOutput } from '../support/process';

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
    const started = spawnLunar(env);
    const [, url] = await waitForOutput(started, /Lunar is running at (\S+)/);
    await waitForOutput(started, /outbox worker started/);
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
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).not.toMatch(/"level":50/);
  }, 60_000);

  it('runs as LUNAR_ROLES=bot,worker without a web server', async () => {
    const started = spawnLunar({ ...env, LUNAR_ROLES: 'bot,worker' });
    await waitForOutput(started, /outbox worker started/);
    expect(started.output()).not.toContain('Lunar is running at');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('SIGTERM received, shutting down');
  }, 60_000);
});
