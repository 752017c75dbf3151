import { once } from 'node:events';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  type Interaction,
  MessageFlags,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from './index';
import { validateMessageBody } from './validate';

// These tests check Discord's own behaviour, so Lunar's allowed_mentions rule is off here
// (it has its own test below).
const DISCORD_ONLY = { requireAllowedMentions: false } as const;

const field = (name: string, value: string) => ({ name, value });

describe('validateMessageBody', () => {
  it('accepts a body at every limit, counting code points', () => {
    const emoji = '😀'.repeat(256); // 512 UTF-16 units, 256 characters for Discord
    const body = {
      content: 'x'.repeat(2000),
      embeds: [
        { title: emoji, fields: Array.from({ length: 5 }, () => field('n', 'v'.repeat(1024))) },
      ],
      components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'c'.repeat(100) }] }],
      nonce: 'n'.repeat(25),
    };
    expect(validateMessageBody(body, 10)).toEqual([]);
  });

  it('names each broken limit with its path', () => {
    const issues = validateMessageBody(
      {
        content: 'x'.repeat(2001),
        embeds: [
          {
            title: 't'.repeat(257),
            fields: [...Array.from({ length: 25 }, () => field('n', 'v')), field('n', ' ')],
          },
        ],
        components: Array.from({ length: 6 }, () => ({
          type: 1,
          components: [{ type: 2, style: 1, custom_id: 'c'.repeat(101) }],
        })),
        nonce: 'n'.repeat(26),
      },
      11,
    );
    const paths = issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'content',
        'embeds.0.title',
        'embeds.0.fields',
        'embeds.0.fields.25.value',
        'components',
        'components.0.components.0.custom_id',
        'attachments',
        'nonce',
      ]),
    );
  });

  it('enforces the 6000-character total across embeds', () => {
    const embeds = Array.from({ length: 2 }, () => ({ description: 'd'.repeat(3001) }));
    expect(validateMessageBody({ embeds }, 0).map((issue) => issue.code)).toEqual([
      'MAX_EMBED_SIZE_EXCEEDED',
    ]);
  });
});

describe('fake Discord with the real discord.js client', () => {
  let fake: FakeDiscord;
  let client: Client;
  let channelId: string;

  beforeAll(async () => {
    fake = await startFakeDiscord(DISCORD_ONLY);
    channelId = fake.guild.channels[0]?.id ?? '';
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
    const ready = once(client, Events.ClientReady);
    await client.login(fake.botToken);
    await ready;
  }, 15_000);

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  const channel = () => client.channels.cache.get(channelId) as TextChannel;
  const postsTo = (id: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${id}/messages`);

  it('logs in and caches the seeded guild with channels, roles and members', () => {
    const guild = client.guilds.cache.get(fake.guild.id);
    expect(guild?.name).toBe('Lunar Test Guild');
    expect(guild?.channels.cache.map((c) => c.name)).toEqual([
      'applications',
      'contact',
      'general',
    ]);
    const lead = fake.guild.members[0];
    expect(guild?.members.cache.get(lead?.user.id ?? '')?.roles.cache.map((r) => r.name)).toContain(
      'Lead Designer',
    );
    expect(client.user?.id).toBe(fake.bot.id);
    expect(client.application?.id).toBe(fake.applicationId);
  });

  it('records a message with an embed and a multipart attachment', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const sent = await channel().send({
      embeds: [
        new EmbedBuilder().setTitle('New Moderator Application').addFields(field('Age', '15')),
      ],
      files: [new AttachmentBuilder(bytes, { name: 'portfolio.png' })],
    });
    const stored = fake.messagesIn(channelId).at(-1);
    expect(stored?.id).toBe(sent.id);
    expect(stored?.embeds[0]).toMatchObject({ title: 'New Moderator Application' });
    expect(stored?.attachments.map((a) => [a.filename, a.contentType, a.bytes])).toEqual([
      ['portfolio.png', 'image/png', bytes],
    ]);
    expect(postsTo(channelId).at(-1)?.files[0]?.filename).toBe('portfolio.png');
    expect(sent.attachments.first()?.name).toBe('portfolio.png');
  });

  it('answers 429 with retry_after, and discord.js waits and retries', async () => {
    const limited: number[] = [];
    client.rest.on('rateLimited', (info) => limited.push(info.retryAfter));
    const before = postsTo(channelId).length;
    fake.failNext(1, { status: 429, retryAfter: 0.3 }, { method: 'POST', path: /\/messages$/ });
    const startedAt = Date.now();
    const sent = await channel().send('after the rate limit');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    expect(
      postsTo(channelId)
        .slice(before)
        .map((r) => r.status),
    ).toEqual([429, 200]);
    // @discordjs/rest adds its own offset (50 ms by default) to the server's retry-after.
    expect(limited).toHaveLength(1);
    expect(limited[0]).toBeGreaterThanOrEqual(300);
    expect(fake.messagesIn(channelId).at(-1)?.id).toBe(sent.id);
  });

  it('answers 5xx on demand and during an outage', async () => {
    fake.failNext(1, { status: 502 });
    await channel().send('after one 502');
    expect(
      postsTo(channelId)
        .slice(-2)
        .map((r) => r.status),
    ).toEqual([502, 200]);
    fake.setOutage(true);
    await expect(channel().send('during outage')).rejects.toMatchObject({ status: 503 });
    fake.setOutage(false);
    expect(fake.messagesIn(channelId).some((m) => m.content === 'during outage')).toBe(false);
  });

  it('rejects an oversized embed with 400 Invalid Form Body and records it', async () => {
    const error = await channel()
      .send({ embeds: [{ description: 'x'.repeat(4097) }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50035);
    expect((error as DiscordAPIError).rawError).toMatchObject({
      errors: { embeds: { 0: { description: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } },
    });
    expect(fake.rejected).toHaveLength(1);
  });

  it('returns the existing message for a repeated nonce with enforce_nonce', async () => {
    const count = fake.messagesIn(channelId).length;
    const first = await channel().send({ content: 'once', nonce: 'outbox-42', enforceNonce: true });
    const second = await channel().send({
      content: 'once',
      nonce: 'outbox-42',
      enforceNonce: true,
    });
    expect(second.id).toBe(first.id);
    expect(fake.messagesIn(channelId)).toHaveLength(count + 1);
  });

  it('dispatches a button click and resolves with the bot reply', async () => {
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId('application:accept:7')
        .setLabel('Accept')
        .setStyle(ButtonStyle.Success),
    );
    const message = await channel().send({ content: 'review me', components: [row] });
    const seen: Interaction[] = [];
    const onInteraction = async (interaction: Interaction) => {
      seen.push(interaction);
      if (interaction.isButton()) {
        await interaction.reply({
          content: `ok ${interaction.customId}`,
          flags: MessageFlags.Ephemeral,
        });
      }
    };
    client.on(Events.InteractionCreate, onInteraction);
    const lead = fake.guild.members[0];
    const record = await fake.clickButton({
      channelId,
      messageId: message.id,
      customId: 'application:accept:7',
      userId: lead?.user.id ?? '',
    });
    client.off(Events.InteractionCreate, onInteraction);
    expect(record.response).toEqual({
      type: 4,
      data: expect.objectContaining({ content: 'ok application:accept:7', flags: 64 }),
    });
    expect(record.original?.ephemeral).toBe(true);
    const interaction = seen[0];
    expect(interaction?.isButton() && interaction.message.id).toBe(message.id);
    expect(
      interaction?.inCachedGuild() && interaction.member.roles.cache.map((r) => r.name),
    ).toContain('Lead Designer');
    expect(fake.rejected).toHaveLength(1);
  });

  it('lets only its user click a button on an ephemeral reply, which the bot may then edit', async () => {
    const [owner, other] = fake.guild.members.map((member) => member.user.id);
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('confirm:7').setLabel('Confirm').setStyle(ButtonStyle.Danger),
    );
    const onInteraction = async (interaction: Interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({
          content: 'Sure?',
          components: [row],
          flags: MessageFlags.Ephemeral,
        });
      } else if (interaction.isButton()) {
        await interaction.deferUpdate();
        await interaction.editReply({ content: 'Done.', components: [] });
      }
    };
    client.on(Events.InteractionCreate, onInteraction);
    try {
      await client.application?.commands.set(
        [{ name: 'ask', description: 'Asks first' }],
        fake.guild.id,
      );
      const asked = await fake.runCommand({ name: 'ask', channelId, userId: owner ?? '' });
      const ephemeral = asked.original;
      expect(ephemeral?.ephemeral).toBe(true);
      expect(() =>
        fake.clickButton({
          channelId,
          messageId: ephemeral?.id ?? '',
          customId: 'confirm:7',
          userId: other ?? '',
        }),
      ).toThrow(/only its user sees it/);
      const clicked = await fake.clickButton({
        channelId,
        messageId: ephemeral?.id ?? '',
        customId: 'confirm:7',
        userId: owner ?? '',
      });
      expect(clicked.response?.type).toBe(6);
      await expect.poll(() => ephemeral?.content).toBe('Done.');
      expect(ephemeral?.components).toEqual([]);
    } finally {
      client.off(Events.InteractionCreate, onInteraction);
    }
  });

  it('speaks Discord errors for bad auth and unknown routes', async () => {
    const me = await fetch(`${fake.apiUrl}/v10/users/@me`, {
      headers: { authorization: 'Bot nope' },
    });
    expect(me.status).toBe(401);
    const unknown = await fetch(`${fake.apiUrl}/v10/nothing/here`, {
      headers: { authorization: `Bot ${fake.botToken}` },
    });
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      { message: '404: Not Found', code: 0 },
    ]);
  });
});

describe('Lunar’s allowed_mentions rule', () => {
  it('refuses a message, an ephemeral reply, a follow-up and an edit without allowed_mentions', async () => {
    const fake = await startFakeDiscord();
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
    const ready = once(client, Events.ClientReady);
    await client.login(fake.botToken);
    await ready;
    try {
      const channelId = fake.guild.channels[0]?.id ?? '';
      const channel = client.channels.cache.get(channelId) as TextChannel;
      await expect(channel.send({ content: 'hi' })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('Missing allowed_mentions'),
      });
      const sent = await channel.send({ content: 'hi', allowedMentions: { parse: [] } });
      await expect(sent.edit({ content: 'edited' })).rejects.toMatchObject({ status: 400 });
      expect(fake.rejected).toHaveLength(2);

      const answers: Array<Promise<unknown>> = [];
      client.on(Events.InteractionCreate, (interaction) => {
        if (!interaction.isButton()) return;
        const reply = interaction.reply({ content: 'only you', flags: MessageFlags.Ephemeral });
        answers.push(
          reply.then(
            () => 'answered',
            async () => {
              await interaction.reply({
                content: 'only you',
                flags: MessageFlags.Ephemeral,
                allowedMentions: { parse: [] },
              });
              // A follow-up needs it as well.
              return interaction.followUp({ content: 'more', flags: MessageFlags.Ephemeral }).then(
                () => 'followed up',
                () => 'follow-up refused',
              );
            },
          ),
        );
      });
      const record = await fake.clickButton({
        channelId,
        messageId: sent.id,
        customId: 'any',
        userId: fake.guild.members[0]?.user.id ?? '',
      });
      await expect.poll(() => answers.length).toBe(1);
      expect(await answers[0]).toBe('follow-up refused');
      expect(record.original).toMatchObject({ content: 'only you', ephemeral: true });
      expect(fake.rejected.map((request) => request.status)).toEqual([400, 400, 400, 400]);
    } finally {
      await client.destroy();
      await fake.close();
    }
  });
});

describe('a revoked bot token', () => {
  it('closes the gateway with 4004 and refuses REST calls and new logins until restored', async () => {
    const fake = await startFakeDiscord(DISCORD_ONLY);
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
    const closes: number[] = [];
    client.on(Events.ShardDisconnect, (event) => closes.push(event.code));
    client.on(Events.Error, () => {});
    const ready = once(client, Events.ClientReady);
    await client.login(fake.botToken);
    await ready;
    try {
      fake.setTokenRevoked(true);
      await expect.poll(() => fake.connectedClients()).toBe(0);
      await expect.poll(() => closes).toContain(4004);
      const me = await fetch(`${fake.apiUrl}/v10/users/@me`, {
        headers: { authorization: `Bot ${fake.botToken}` },
      });
      expect(me.status).toBe(401);
      const second = new Client({
        intents: [GatewayIntentBits.Guilds],
        rest: { api: fake.apiUrl },
      });
      await expect(second.login(fake.botToken)).rejects.toMatchObject({ code: 'TokenInvalid' });
      await second.destroy();
      fake.setTokenRevoked(false);
      const again = await fetch(`${fake.apiUrl}/v10/users/@me`, {
        headers: { authorization: `Bot ${fake.botToken}` },
      });
      expect(again.status).toBe(200);
    } finally {
      await client.destroy();
      await fake.close();
    }
  });
});
