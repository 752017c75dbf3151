import { setTimeout as sleep } from 'node:timers/promises';
import { type Client, DiscordAPIError, SlashCommandBuilder } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, InteractionTimeoutError, startFakeDiscord } from './index';
import { connectTestClient, type TestClient } from './test-client';

// These tests check Discord's own behaviour, so Lunar's allowed_mentions rule is off here
// (it has its own test in fake-discord.test.ts).
const DISCORD_ONLY = { requireAllowedMentions: false } as const;

// Discord's windows shrunk so the test is quick: 300 ms for the first answer instead of 3 s,
// 800 ms of token life instead of 15 minutes.
const WINDOW_MS = 300;
const TOKEN_TTL_MS = 800;

describe('the interaction answer window and token lifetime', () => {
  let fake: FakeDiscord;
  let bot: TestClient;
  let client: Client;
  let channelId: string;
  let userId: string;

  beforeAll(async () => {
    fake = await startFakeDiscord({
      ...DISCORD_ONLY,
      interactionTimeoutMs: WINDOW_MS,
      interactionTokenTtlMs: TOKEN_TTL_MS,
    });
    userId = fake.guild.members[0]?.user.id ?? '';
    channelId = fake.guild.channels[0]?.id ?? '';
    bot = await connectTestClient(fake);
    client = bot.client;
    const orderlog = new SlashCommandBuilder()
      .setName('orderlog')
      .setDescription('Log an order')
      .addStringOption((o) =>
        o.setName('order_id').setDescription('Ticket').setRequired(true).setAutocomplete(true),
      );
    await client.application?.commands.set([orderlog.toJSON()], fake.guild.id);
  }, 15_000);
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  const run = () =>
    fake.runCommand({ name: 'orderlog', options: { order_id: 'T-1' }, channelId, userId });

  it('rejects when the bot answers too late, and answers the late callback 404 (10062)', async () => {
    const late: unknown[] = [];
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await sleep(WINDOW_MS + 150);
      await interaction.reply('too late').catch((error: unknown) => late.push(error));
    });
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InteractionTimeoutError);
    const { record } = error as InteractionTimeoutError;
    expect(record.expired).toBe(true);
    expect(fake.timedOut).toContain(record);
    await expect.poll(() => late.length).toBe(1);
    expect(record.callbacks).toMatchObject([{ status: 404, code: 10062 }]);
    expect(late[0]).toBeInstanceOf(DiscordAPIError);
    expect((late[0] as DiscordAPIError).message).toBe('Unknown interaction');
    expect(record.response).toBeUndefined();
  });

  it('accepts an answer just inside the window', async () => {
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await sleep(WINDOW_MS - 200);
      await interaction.deferReply();
    });
    const record = await run();
    expect(record.response?.type).toBe(5);
    expect(record.callbacks[0]?.at).toBeLessThan(record.sentAt + WINDOW_MS);
  });

  it('accepts follow-ups while the token lives, then answers 401 Invalid Webhook Token', async () => {
    const refused: unknown[] = [];
    bot.handle(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.editReply('Logged');
      await sleep(TOKEN_TTL_MS);
      await interaction.followUp('still here?').catch((error: unknown) => refused.push(error));
    });
    const record = await run();
    await expect.poll(() => refused.length, { timeout: 3000 }).toBe(1);
    expect(record.original?.content).toBe('Logged');
    expect(record.followUps).toEqual([]);
    expect(refused[0]).toMatchObject({ status: 401, code: 50027 });
  });

  it('refuses autocomplete choices past the limits, so the interaction times out', async () => {
    let refused: DiscordAPIError | undefined;
    bot.handle(async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      const choices = Array.from({ length: 26 }, (_, i) => ({ name: `T-${i}`, value: `T-${i}` }));
      choices[0] = { name: 'n'.repeat(101), value: 'v'.repeat(101) };
      await interaction.respond(choices).catch((error: DiscordAPIError) => {
        refused = error;
      });
    });
    const error = await fake
      .autocomplete({
        name: 'orderlog',
        options: { order_id: 'T' },
        focused: 'order_id',
        channelId,
        userId,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InteractionTimeoutError);
    await expect.poll(() => refused).toBeDefined();
    expect(refused?.rawError).toMatchObject({
      code: 50035,
      errors: {
        data: {
          choices: {
            _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }],
            0: {
              name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] },
              value: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] },
            },
          },
        },
      },
    });
  });
});
