import {
  type Client,
  type DiscordAPIError,
  MessageFlags,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, generateSnowflake, startFakeDiscord } from './index';
import { connectTestClient, type TestClient } from './test-client';

// These tests check Discord's own behaviour, so Lunar's allowed_mentions rule is off here
// (it has its own test in fake-discord.test.ts).
const DISCORD_ONLY = { requireAllowedMentions: false } as const;

const commands = [
  new SlashCommandBuilder()
    .setName('tax')
    .setDescription('Price after Roblox takes 30%')
    .addIntegerOption((o) =>
      o.setName('amount').setDescription('Robux').setRequired(true).setMinValue(1),
    ),
  new SlashCommandBuilder()
    .setName('qualitycontrol')
    .setDescription('Submit work to quality control')
    .addStringOption((o) => o.setName('order_id').setDescription('Ticket id').setRequired(true))
    .addAttachmentOption((o) => o.setName('file').setDescription('The work')),
  new SlashCommandBuilder()
    .setName('payout')
    .setDescription('Pay a designer')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addUserOption((o) => o.setName('designer').setDescription('Who').setRequired(true))
    .addStringOption((o) =>
      o
        .setName('share')
        .setDescription('Share')
        .addChoices({ name: '90%', value: '90' }, { name: '80%', value: '80' }),
    ),
  new SlashCommandBuilder()
    .setName('orderlog')
    .setDescription('Log an order')
    .addStringOption((o) =>
      o.setName('order_id').setDescription('Ticket id').setRequired(true).setAutocomplete(true),
    ),
  new SlashCommandBuilder()
    .setName('order')
    .setDescription('Orders')
    .addSubcommand((sub) => sub.setName('status').setDescription('Where an order is'))
    .addSubcommandGroup((group) =>
      group
        .setName('payment')
        .setDescription('Payments')
        .addSubcommand((sub) =>
          sub
            .setName('verify')
            .setDescription('Verify a payment')
            .addStringOption((o) =>
              o.setName('order_id').setDescription('Ticket').setRequired(true),
            ),
        ),
    ),
].map((command) => command.toJSON());

describe('slash commands through the real discord.js client', () => {
  const ids = { verifier: generateSnowflake(), designerRole: generateSnowflake() };
  let fake: FakeDiscord;
  let bot: TestClient;
  let client: Client;
  let channelId: string;
  let designer: string;
  let customer: string;

  beforeAll(async () => {
    fake = await startFakeDiscord({
      ...DISCORD_ONLY,
      guild: {
        roles: [
          { id: ids.designerRole, name: 'Designer' },
          { id: ids.verifier, name: 'Payment Verifier', mentionable: true },
        ],
        members: [
          { username: 'owner' },
          { username: 'designer', roles: [ids.designerRole] },
          { username: 'customer' },
        ],
      },
    });
    [, designer = '', customer = ''] = fake.guild.members.map((m) => m.user.id);
    channelId = fake.guild.channels[0]?.id ?? '';
    bot = await connectTestClient(fake);
    client = bot.client;
    await client.application?.commands.set(commands, fake.guild.id);
  }, 15_000);
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('delivers typed options, the member with roles, and records the reply', async () => {
    let seen: Record<string, unknown> = {};
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand() || !interaction.inCachedGuild()) return;
      const amount = interaction.options.getInteger('amount', true);
      seen = {
        commandId: interaction.commandId,
        amount,
        roles: interaction.member.roles.cache.map((role) => role.name),
        locale: interaction.locale,
        channel: interaction.channelId,
      };
      await interaction.reply(`Charge ${Math.ceil((10 * amount) / 7)} Robux`);
    });
    const record = await fake.runCommand({
      name: 'tax',
      options: { amount: 100 },
      channelId,
      userId: designer,
      locale: 'fr',
    });
    expect(seen).toEqual({
      commandId: fake.commands().find((c) => c.name === 'tax')?.id,
      amount: 100,
      roles: expect.arrayContaining(['Designer']),
      locale: 'fr',
      channel: channelId,
    });
    expect(record.response?.type).toBe(4);
    expect(record.original?.content).toBe('Charge 143 Robux');
    expect(fake.messagesIn(channelId).at(-1)?.id).toBe(record.original?.id);
    expect(record.callbacks).toMatchObject([{ type: 4, status: 204 }]);
  });

  it('refuses to send what Discord would not let the user send', () => {
    const run = (input: Partial<Parameters<FakeDiscord['runCommand']>[0]>) => () =>
      fake.runCommand({ name: 'tax', channelId, userId: designer, ...input });
    expect(run({ name: 'refund' })).toThrow('/refund is not a registered command');
    expect(run({ options: {} })).toThrow('/tax needs amount');
    expect(run({ options: { amount: 'ten' } })).toThrow('cannot take "ten"');
    expect(run({ options: { amount: 0 } })).toThrow('amount < min_value');
    expect(run({ options: { amount: 5, tip: 1 } })).toThrow('/tax has no option tip');
    expect(run({ name: 'payout', userId: customer, options: { designer, share: '90' } })).toThrow(
      'Discord does not show /payout to customer',
    );
    const owner = fake.guild.members[0]?.user.id ?? '';
    expect(run({ name: 'payout', userId: owner, options: { designer, share: '50' } })).toThrow(
      'only takes one of its choices',
    );
    expect(fake.interactions.size).toBe(1);
  });

  it('wraps options in the subcommand (group) the user picked', async () => {
    const seen: unknown[] = [];
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const { options } = interaction;
      seen.push([
        options.getSubcommandGroup(),
        options.getSubcommand(),
        options.getString('order_id'),
      ]);
      await interaction.reply('ok');
    });
    const source = { name: 'order', channelId, userId: designer };
    await fake.runCommand({ ...source, subcommand: 'status' });
    await fake.runCommand({
      ...source,
      subcommandGroup: 'payment',
      subcommand: 'verify',
      options: { order_id: 'T-7' },
    });
    expect(seen).toEqual([
      [null, 'status', null],
      ['payment', 'verify', 'T-7'],
    ]);
    expect(() => fake.runCommand(source)).toThrow('/order needs a subcommand: status');
    expect(() => fake.runCommand({ ...source, subcommand: 'verify' })).toThrow(
      '/order has no subcommand verify',
    );
  });

  it('resolves a USER option to the user and member, roles included', async () => {
    let member: string[] = [];
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand() || !interaction.inCachedGuild()) return;
      member = interaction.options.getMember('designer')?.roles.cache.map((r) => r.name) ?? [];
      await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    });
    const record = await fake.runCommand({
      name: 'payout',
      options: { designer, share: '90' },
      channelId,
      userId: customer,
      ignoreDefaultPermissions: true,
    });
    expect(member).toContain('Designer');
    expect(record.original).toMatchObject({ ephemeral: true, content: 'ok' });
    expect(fake.messagesIn(channelId).some((m) => m.id === record.original?.id)).toBe(false);
  });

  it('serves an attachment option from the CDN link, and only with its signature', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const downloads: number[] = [];
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      const file = interaction.options.getAttachment('file', true);
      const signed = await fetch(file.url);
      downloads.push(signed.status, (await fetch(file.url.split('?')[0] ?? '')).status);
      const got = new Uint8Array(await signed.arrayBuffer());
      await interaction.editReply(`${file.name} ${file.contentType} ${got.length} bytes`);
    });
    const record = await fake.runCommand({
      name: 'qualitycontrol',
      options: {
        order_id: 'T-42',
        file: { filename: 'work.png', contentType: 'image/png', bytes },
      },
      channelId,
      userId: designer,
    });
    expect(record.response?.type).toBe(5);
    await expect.poll(() => record.original?.content).toBe('work.png image/png 7 bytes');
    expect(downloads).toEqual([200, 404]);
  });

  it('fills a deferred reply with the first follow-up, then adds real follow-ups', async () => {
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.followUp({ content: 'first' });
      await interaction.followUp({ content: 'second' });
    });
    const record = await fake.runCommand({
      name: 'tax',
      options: { amount: 7 },
      channelId,
      userId: designer,
    });
    await expect.poll(() => record.followUps.length).toBe(1);
    expect(record.original).toMatchObject({ content: 'first', ephemeral: true });
    expect(record.loading).toBe(false);
    expect(record.followUps.map((m) => [m.content, m.ephemeral])).toEqual([['second', false]]);
  });

  it('answers autocomplete with the focused option, and records the choices', async () => {
    let focused: unknown;
    bot.handle(async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      focused = interaction.options.getFocused(true);
      await interaction.respond([
        { name: 'T-100 (paid)', value: 'T-100' },
        { name: 'T-101 (in QC)', value: 'T-101' },
      ]);
    });
    const record = await fake.autocomplete({
      name: 'orderlog',
      options: { order_id: 'T-1' },
      focused: 'order_id',
      channelId,
      userId: designer,
    });
    expect(focused).toMatchObject({ name: 'order_id', value: 'T-1', focused: true });
    expect(record.choices).toEqual([
      { name: 'T-100 (paid)', value: 'T-100' },
      { name: 'T-101 (in QC)', value: 'T-101' },
    ]);
    expect(() =>
      fake.autocomplete({
        name: 'tax',
        options: { amount: 1 },
        focused: 'amount',
        channelId,
        userId: designer,
      }),
    ).toThrow('option amount does not autocomplete');
  });

  it('refuses a second initial callback (40060) and a callback type the interaction cannot take', async () => {
    const errors: unknown[] = [];
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const callback = (body: unknown) =>
        client.rest
          .post(Routes.interactionCallback(interaction.id, interaction.token), {
            body,
            auth: false,
          })
          .catch((error: unknown) => errors.push(error));
      await callback({ type: 6 });
      await callback({ type: 4, data: { content: 'once' } });
      await callback({ type: 4, data: { content: 'twice' } });
    });
    const record = await fake.runCommand({
      name: 'tax',
      options: { amount: 3 },
      channelId,
      userId: designer,
    });
    await expect.poll(() => record.callbacks.length).toBe(3);
    expect(record.callbacks.map((c) => [c.type, c.status, c.code])).toEqual([
      [6, 400, 50035],
      [4, 204, undefined],
      [4, 400, 40060],
    ]);
    expect((errors[0] as DiscordAPIError).rawError).toMatchObject({
      errors: {
        type: {
          _errors: [{ code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {4, 5, 9}.' }],
        },
      },
    });
    expect(record.original?.content).toBe('once');
  });

  it('records allowed_mentions and who was actually pinged', async () => {
    const content = `<@${customer}> paid; <@&${ids.verifier}> please verify, <@&${ids.designerRole}>`;
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({ content, allowedMentions: { users: [customer] } });
      await interaction.followUp({ content });
    });
    const record = await fake.runCommand({
      name: 'tax',
      options: { amount: 1 },
      channelId,
      userId: designer,
    });
    await expect.poll(() => record.followUps.length).toBe(1);
    expect(record.original?.allowedMentions).toEqual({ users: [customer] });
    expect(record.original?.pings).toEqual({ users: [customer], roles: [], everyone: false });
    // Interaction replies parse only users unless told otherwise.
    expect(record.followUps[0]?.pings).toEqual({ users: [customer], roles: [], everyone: false });
    const channel = client.channels.cache.get(channelId) as TextChannel;
    await channel.send(`${content} @everyone`);
    // In a channel every kind is parsed, but only a mentionable role can be pinged, and
    // @everyone needs MENTION_EVERYONE, which the bot lacks.
    expect(fake.messagesIn(channelId).at(-1)?.pings).toEqual({
      users: [customer],
      roles: [ids.verifier],
      everyone: false,
    });
  });
});
