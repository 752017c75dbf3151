import {
  DiscordAPIError,
  PermissionFlagsBits,
  REST,
  Routes,
  SlashCommandBuilder,
} from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, type RegisteredCommand, startFakeDiscord } from './index';

// The commands of DESIGN.md's "Orders in Discord", built as the register script would.
const tax = new SlashCommandBuilder()
  .setName('tax')
  .setDescription('Price to charge after Roblox takes 30%')
  .addIntegerOption((o) => o.setName('amount').setDescription('Robux').setRequired(true));
const qualityControl = new SlashCommandBuilder()
  .setName('qualitycontrol')
  .setDescription('Submit work to quality control')
  .setDefaultMemberPermissions(PermissionFlagsBits.SendMessages)
  .addStringOption((o) => o.setName('order_id').setDescription('Ticket id').setRequired(true))
  .addAttachmentOption((o) => o.setName('file').setDescription('The work'));

describe('application command registration', () => {
  let fake: FakeDiscord;
  let rest: REST;
  const guildRoute = () => Routes.applicationGuildCommands(fake.applicationId, fake.guild.id);
  const put = (body: unknown[]) => rest.put(guildRoute(), { body }) as Promise<RegisteredCommand[]>;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('Discord would refuse this'),
      (error: unknown) => error as DiscordAPIError,
    );

  beforeAll(async () => {
    fake = await startFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
  });
  afterAll(() => fake?.close());
  beforeEach(() => put([]));

  it('stores a bulk overwrite with ids, application id, guild id and version', async () => {
    const stored = await put([tax.toJSON(), qualityControl.toJSON()]);
    expect(stored.map((c) => c.name)).toEqual(['tax', 'qualitycontrol']);
    expect(stored[0]).toMatchObject({
      id: expect.stringMatching(/^\d{17,20}$/),
      application_id: fake.applicationId,
      guild_id: fake.guild.id,
      version: expect.stringMatching(/^\d+$/),
      type: 1,
      default_member_permissions: null,
      options: [{ type: 4, name: 'amount', required: true }],
    });
    expect(stored[1]?.default_member_permissions).toBe(String(PermissionFlagsBits.SendMessages));
    expect(fake.commands()).toEqual(stored);
    expect(await rest.get(guildRoute())).toEqual(stored);
  });

  it('keeps the id of a command that stays, replaces the rest, bumps changed versions', async () => {
    const [first, second] = await put([tax.toJSON(), qualityControl.toJSON()]);
    const changedTax = { ...tax.toJSON(), description: 'Robux maths' };
    const [again] = await put([changedTax]);
    expect(again?.id).toBe(first?.id);
    expect(again?.version).not.toBe(first?.version);
    expect(fake.commands().map((c) => c.name)).toEqual(['tax']);
    const [same] = await put([changedTax]);
    expect(same?.version).toBe(again?.version);
    const [back] = await put([qualityControl.toJSON()]);
    expect(back?.id).not.toBe(second?.id);
  });

  it('answers 400 Invalid Form Body with the broken field, and changes nothing', async () => {
    await put([tax.toJSON()]);
    const before = fake.commands();
    const bad = { ...tax.toJSON(), name: 'qualityControl', description: '' };
    const error = await refusal(put([tax.toJSON(), bad]));
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect([error.status, error.code]).toEqual([400, 50035]);
    expect(error.rawError).toMatchObject({
      message: 'Invalid Form Body',
      errors: {
        1: {
          name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME' }] },
          description: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] },
        },
      },
    });
    expect(fake.commands()).toEqual(before);
    expect(fake.rejected.at(-1)?.path).toBe(
      `/applications/${fake.applicationId}/guilds/${fake.guild.id}/commands`,
    );
  });

  it('refuses duplicate names and more than 100 slash commands', async () => {
    const duplicate = await refusal(put([tax.toJSON(), tax.toJSON()]));
    expect(duplicate.rawError).toMatchObject({
      errors: { 1: { _errors: [{ code: 'APPLICATION_COMMANDS_DUPLICATE_NAME' }] } },
    });
    const many = Array.from({ length: 101 }, (_, i) => ({ ...tax.toJSON(), name: `tax${i}` }));
    const tooMany = await refusal(put(many));
    expect([tooMany.status, tooMany.code]).toEqual([400, 30032]);
    expect(await put(many.slice(0, 100))).toHaveLength(100);
  });

  it('keeps global commands apart, and creates, edits and deletes one at a time', async () => {
    const global = Routes.applicationCommands(fake.applicationId);
    await rest.put(global, { body: [tax.toJSON()] });
    expect(fake.commands('global')).toMatchObject([{ name: 'tax', contexts: null }]);
    expect(fake.commands('global')[0]).not.toHaveProperty('guild_id');
    expect(fake.commands()).toEqual([]);
    const created = (await rest.post(guildRoute(), {
      body: qualityControl.toJSON(),
    })) as RegisteredCommand;
    const one = Routes.applicationGuildCommand(fake.applicationId, fake.guild.id, created.id);
    const edited = (await rest.patch(one, {
      body: { description: 'Send work to QC' },
    })) as RegisteredCommand;
    expect([edited.id, edited.description]).toEqual([created.id, 'Send work to QC']);
    await rest.delete(one);
    expect(fake.commands()).toEqual([]);
    const gone = await refusal(rest.get(one));
    expect([gone.status, gone.code]).toEqual([404, 10063]);
  });

  it('refuses another application or a guild the bot is not in with 403 Missing Access', async () => {
    const other = await refusal(
      rest.put(Routes.applicationGuildCommands('1', fake.guild.id), { body: [] }),
    );
    expect([other.status, other.code]).toEqual([403, 50001]);
    const elsewhere = await refusal(
      rest.put(Routes.applicationGuildCommands(fake.applicationId, '2'), { body: [] }),
    );
    expect([elsewhere.status, elsewhere.code]).toEqual([403, 50001]);
  });

  it('answers 401 without the bot token, and to every call while the token is revoked', async () => {
    const url = `${fake.apiUrl}/v10${guildRoute()}`;
    const anonymous = await fetch(url);
    expect([anonymous.status, await anonymous.json()]).toEqual([
      401,
      { message: '401: Unauthorized', code: 0 },
    ]);
    fake.setTokenRevoked(true);
    try {
      const routes = [
        guildRoute(),
        Routes.user('@me'),
        Routes.guildMember(fake.guild.id, fake.bot.id),
      ];
      for (const route of routes) {
        const error = await refusal(rest.get(route));
        expect(error.status).toBe(401);
        // @discordjs/rest drops a token Discord refused; give it back for the next call.
        rest.setToken(fake.botToken);
      }
    } finally {
      fake.setTokenRevoked(false);
    }
    expect(await rest.get(guildRoute())).toEqual([]);
  });
});
