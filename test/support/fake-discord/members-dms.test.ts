import { once } from 'node:events';
import {
  type Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  type GuildMember,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, generateSnowflake, startFakeDiscord } from './index';
import { connectTestClient } from './test-client';

// These tests check Discord's own behaviour, so Lunar's allowed_mentions rule is off here
// (it has its own test in fake-discord.test.ts).
const DISCORD_ONLY = { requireAllowedMentions: false } as const;

describe('guild members, roles and DMs', () => {
  const staffRole = generateSnowflake();
  let fake: FakeDiscord;
  let client: Client;

  beforeAll(async () => {
    fake = await startFakeDiscord({
      ...DISCORD_ONLY,
      guild: {
        roles: [{ id: staffRole, name: 'Staff' }],
        members: [{ username: 'owner' }, { username: 'quiet', closedDms: true }],
      },
    });
    // GuildMembers, so member events reach the client as they do on Discord.
    ({ client } = await connectTestClient(fake, [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMembers,
    ]));
  }, 15_000);
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  const guild = () => client.guilds.cache.get(fake.guild.id);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('Discord would refuse this'),
      (error: unknown) => error as DiscordAPIError,
    );

  it('adds a member, changes its roles and removes it, with gateway events', async () => {
    const joined = once(client, Events.GuildMemberAdd);
    const member = fake.addMember({ username: 'newcomer', roles: [staffRole] });
    const [added] = (await joined) as [GuildMember];
    expect(added.roles.cache.map((role) => role.name)).toContain('Staff');
    const updated = once(client, Events.GuildMemberUpdate);
    fake.setMemberRoles(member.user.id, []);
    const [, after] = (await updated) as [GuildMember, GuildMember];
    expect(after.roles.cache.has(staffRole)).toBe(false);
    const fetched = await guild()?.members.fetch({ user: member.user.id, force: true });
    expect(fetched?.roles.cache.map((role) => role.id)).toEqual([fake.guild.id]);
    const left = once(client, Events.GuildMemberRemove);
    fake.removeMember(member.user.id);
    await left;
    const gone = await refusal(
      guild()?.members.fetch({ user: member.user.id, force: true }) ?? Promise.resolve(),
    );
    expect([gone.status, gone.code, gone.message]).toEqual([404, 10007, 'Unknown Member']);
  });

  it('refuses role ids the guild does not have', () => {
    const owner = fake.guild.members[0]?.user.id ?? '';
    expect(() => fake.setMemberRoles(owner, ['123'])).toThrow('unknown role ids 123');
    expect(() => fake.addMember({ username: 'x', roles: ['456'] })).toThrow('unknown role ids 456');
  });

  it('opens one DM channel per user and records what the bot sends there', async () => {
    const owner = fake.guild.members[0]?.user.id ?? '';
    const user = await client.users.fetch(owner);
    await user.send('Your order T-42 is delivered');
    await user.send({ content: 'Please review it', allowedMentions: { parse: [] } });
    expect(fake.dmsTo(owner).map((m) => m.content)).toEqual([
      'Your order T-42 is delivered',
      'Please review it',
    ]);
    expect(fake.dmsTo(owner)[1]?.allowedMentions).toEqual({ parse: [] });
    const opened = fake.requests.filter((r) => r.path === '/users/@me/channels');
    expect(opened.map((r) => r.status)).toEqual([200]);
  });

  it('answers 403 (50007) to a DM for a member with DMs closed, and for a past member', async () => {
    const quiet = fake.guild.members[1]?.user.id ?? '';
    const error = await refusal((await client.users.fetch(quiet)).send('hello'));
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect([error.status, error.code, error.message]).toEqual([
      403,
      50007,
      'Cannot send messages to this user',
    ]);
    expect(fake.dmsTo(quiet)).toEqual([]);
    fake.setDmsClosed(quiet, false);
    await (await client.users.fetch(quiet)).send('hello again');
    expect(fake.dmsTo(quiet).map((m) => m.content)).toEqual(['hello again']);
    const leaver = fake.addMember({ username: 'leaver' });
    fake.removeMember(leaver.user.id);
    const left = await refusal(client.users.send(leaver.user.id, 'come back'));
    expect(left.code).toBe(50007);
  });
});
