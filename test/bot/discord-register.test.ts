import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_TOKEN_MESSAGE } from '../../bot/bot-retry';
import { RegisterError, registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import type { DiscordConnection } from '../../core/config';
import { type FakeDiscord, startFakeDiscord } from '../support/fake-discord';
import { spawnScript } from '../support/process';

// `npm run discord:register` against the fake's guild command endpoints
// (GET/PUT /applications/{app}/guilds/{guild}/commands, GET /applications/@me).
describe('registering slash commands', () => {
  let fake: FakeDiscord;
  let connection: DiscordConnection;
  beforeEach(async () => {
    fake = await startFakeDiscord();
    connection = { token: fake.botToken, guildId: fake.guild.id, apiUrl: fake.apiUrl };
  });
  afterEach(async () => {
    await fake?.close();
  });

  const commandsUrl = () =>
    `${fake.apiUrl}/v10/applications/${fake.applicationId}/guilds/${fake.guild.id}/commands`;
  const auth = () => ({ authorization: `Bot ${fake.botToken}` });
  /** What the studio server has now, as Discord would list it. */
  const registered = async () =>
    (await (await fetch(commandsUrl(), { headers: auth() })).json()) as {
      name: string;
      description: string;
    }[];
  const seed = (commands: object[]) =>
    fetch(commandsUrl(), {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(commands),
    });
  const commands = registry.commands.map((command) => command.data);
  const names = commands.map((command) => command.name);
  const others = names.filter((name) => name !== 'tax');

  it('overwrites the guild commands in one PUT and reports each change by name', async () => {
    await seed([
      { name: 'tax', description: 'An older description' },
      { name: 'ping', description: 'Removed since' },
    ]);
    const result = await registerGuildCommands(connection, commands);
    expect(result.applicationId).toBe(fake.applicationId);
    expect(result.changes).toEqual([
      { name: 'tax', change: 'changed' },
      ...others.map((name) => ({ name, change: 'added' })),
      { name: 'ping', change: 'removed' },
    ]);
    expect((await registered()).map((command) => command.name)).toEqual(names);
    const puts = fake.requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(2); // the seed and ours

    const again = await registerGuildCommands(connection, commands);
    expect(again.changes).toEqual(names.map((name) => ({ name, change: 'unchanged' })));
  });

  it('changes nothing on a dry run', async () => {
    const result = await registerGuildCommands(connection, commands, { dryRun: true });
    expect(result.changes).toEqual(names.map((name) => ({ name, change: 'added' })));
    expect(await registered()).toEqual([]);
  });

  it('says what to fix when Discord refuses', async () => {
    const wrongGuild = { ...connection, guildId: '123456789012345678' };
    // Discord answers 50001 Missing Access for a server the application is not in.
    await expect(registerGuildCommands(wrongGuild, commands)).rejects.toThrow(
      'The bot may not manage commands in server 123456789012345678 (Missing Access).',
    );
    const wrongToken = { ...connection, token: `${fake.botToken.slice(0, -4)}nope` };
    const refused = registerGuildCommands(wrongToken, commands);
    await expect(refused).rejects.toBeInstanceOf(RegisterError);
    await expect(refused).rejects.toThrow(INVALID_TOKEN_MESSAGE);
  });

  it('runs as npm run discord:register: prints the changes, exit 0; exit 1 on a refusal', async () => {
    const env = {
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_GUILD_ID: fake.guild.id,
    };
    const ok = spawnScript('discord-register', env);
    expect(await ok.exited).toBe(0);
    expect(ok.output()).toContain(
      `Registered ${names.length} command(s) in server ${fake.guild.id} (application ${fake.applicationId}):`,
    );
    expect(ok.output()).toMatch(/\+ \/tax +added/);
    expect(ok.output()).toContain(`${names.length} added, 0 changed, 0 removed, 0 unchanged`);
    expect((await registered()).map((command) => command.name)).toEqual(names);

    const refused = spawnScript('discord-register', {
      ...env,
      DISCORD_TOKEN: `${fake.botToken.slice(0, -4)}nope`,
    });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`Registering commands failed: ${INVALID_TOKEN_MESSAGE}`);
  }, 60_000);
});
