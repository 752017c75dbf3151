import {
  Client,
  Events,
  GatewayIntentBits,
  type Message,
  MessageType,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, generateSnowflake, MESSAGE_CONTENT, startFakeDiscord } from './index';
import { connectTestClient, type TestClient } from './test-client';

// MESSAGE_CREATE as Discord sends it: only to connections with GUILD_MESSAGES, with the
// author's member, and without the text unless the connection has MESSAGE_CONTENT (or the
// message is the bot's own, or mentions it).

describe('MESSAGE_CREATE over the gateway', () => {
  const channelId = generateSnowflake();
  let fake: FakeDiscord;
  let listening: TestClient;
  let deaf: TestClient;
  let reading: TestClient;
  let member: string;
  const seen = new Map<Client, Message[]>();

  const record = (client: Client) => {
    seen.set(client, []);
    client.on(Events.MessageCreate, (message) => seen.get(client)?.push(message));
  };

  beforeAll(async () => {
    fake = await startFakeDiscord({
      guild: {
        channels: [{ id: channelId, name: 'ticket-0001' }],
        members: [{ username: 'owner' }, { username: 'carl', nick: 'Carl the Customer' }],
      },
    });
    member = fake.guild.members.find((m) => m.user.username === 'carl')?.user.id ?? '';
    listening = await connectTestClient(fake, [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
    ]);
    deaf = await connectTestClient(fake, [GatewayIntentBits.Guilds]);
    reading = await connectTestClient(fake, [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.MessageContent,
    ]);
    for (const each of [listening, deaf, reading]) record(each.client);
  }, 15_000);
  afterAll(async () => {
    for (const each of [listening, deaf, reading]) await each?.client.destroy();
    await fake?.close();
  });

  it('sends a member’s message to bots with GUILD_MESSAGES, its text only with MESSAGE_CONTENT', async () => {
    const posted = fake.postAsMember({ channelId, userId: member, content: 'Any news?' });
    await expect.poll(() => seen.get(listening.client)?.length).toBe(1);
    await expect.poll(() => seen.get(reading.client)?.length).toBe(1);
    const [message] = seen.get(listening.client) ?? [];
    expect(message).toMatchObject({
      id: posted.id,
      channelId,
      guildId: fake.guild.id,
      content: '',
      type: MessageType.Default,
      webhookId: null,
    });
    expect(message?.author).toMatchObject({ id: member, username: 'carl', bot: false });
    expect(message?.member?.nickname).toBe('Carl the Customer');
    expect(message?.createdTimestamp).toBe(posted.createdAt);
    expect(seen.get(reading.client)?.[0]?.content).toBe('Any news?');
    // Nothing for a bot that did not ask: give the others' events time to pass it by.
    fake.postAsMember({ channelId, userId: member, content: 'Hello?' });
    await expect.poll(() => seen.get(listening.client)?.length).toBe(2);
    expect(seen.get(deaf.client)).toEqual([]);
  });

  it('sends the bot’s own posts with their text, and a mention of the bot readable', async () => {
    const channel = (await listening.client.channels.fetch(channelId)) as TextChannel;
    await channel.send({ content: 'Thanks for waiting', allowedMentions: { parse: [] } });
    await expect.poll(() => seen.get(listening.client)?.at(-1)?.content).toBe('Thanks for waiting');
    expect(seen.get(listening.client)?.at(-1)?.author.bot).toBe(true);
    fake.postAsMember({ channelId, userId: member, content: `<@${fake.bot.id}> hi` });
    await expect
      .poll(() => seen.get(listening.client)?.at(-1)?.content)
      .toBe(`<@${fake.bot.id}> hi`);
  });

  it('closes a connection that asks for MESSAGE_CONTENT the application was not granted', async () => {
    fake.setApplicationFlags(0);
    const client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.MessageContent],
      rest: { api: fake.apiUrl },
    });
    await expect(client.login(fake.botToken)).rejects.toThrow(/disallowed intents/i);
    await client.destroy();
    fake.setApplicationFlags(MESSAGE_CONTENT);
  });
});
