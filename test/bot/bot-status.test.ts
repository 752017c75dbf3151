import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordBotStatus } from '../../bot/bot-status';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import type { GoLiveItem } from '../../core/setup/go-live';
import { createSystemStateRepository } from '../../db/repositories/system-state';
import { buildTestApp } from '../support/app';
import { DRIVERS } from '../support/database';
import { signInAsStaff } from '../support/staff';
import { type BotHarness, startBotHarness } from './harness';

// The go-live checklist's "Discord connected" and "commands registered" come from what the real
// bot found when it connected to the (fake) Discord: the studio server's commands against
// this version's, recorded in system state for the web processes to read.
describe.each(DRIVERS)('the bot records its connection on %s', (driver) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness(driver);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const names = registry.commands.map((command) => command.data.name);
  const state = () => createSystemStateRepository(h.database.db);

  it('records on connecting that no command is registered yet', async () => {
    await expect.poll(async () => (await state().botStatus())?.commands?.missing).toEqual(names);
    expect((await state().botStatus())?.commands?.changed).toEqual([]);
    expect(h.log.lines.some((line) => line.msg?.includes('npm run discord:register'))).toBe(true);
  });

  it('finds them registered after npm run discord:register; the checklist ticks', async () => {
    await registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      registry.commands.map((command) => command.data),
    );
    // As the next connection (a restart) does.
    const client = h.bot.client;
    if (!client.isReady()) throw new Error('the harness bot is connected');
    await recordBotStatus(client, h.fake.guild.id, { db: h.database.db, log: h.log });
    expect((await state().botStatus())?.commands).toMatchObject({ missing: [], changed: [] });

    const web = await buildTestApp(h.database, { env: h.env });
    try {
      const { cookie } = await signInAsStaff(h.database.db, ['executive']);
      const items = (await web.inject({ url: '/api/staff/go-live', headers: { cookie } })).json()
        .items as GoLiveItem[];
      expect(items.filter((item) => item.id === 'discord' || item.id === 'commands')).toEqual([
        expect.objectContaining({ id: 'discord', done: true }),
        expect.objectContaining({ id: 'commands', done: true }),
      ]);
    } finally {
      await web.close();
    }
  });
});
