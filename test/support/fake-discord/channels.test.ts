import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, MESSAGE_CONTENT_LIMITED, startFakeDiscord } from './index';

// Guild channels as the ticket system uses them: created under a category with permission
// overwrites, edited, deleted, and their messages paged; each refusal as Discord answers it.

const VIEW_AND_SEND = String((1n << 10n) | (1n << 11n));
const VIEW = String(1n << 10n);

describe('fake Discord channels', () => {
  let fake: FakeDiscord;
  let categoryId: string;
  let customerId: string;
  let roleId: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${fake.apiUrl}/v10${path}`, {
      method,
      headers: { authorization: `Bot ${fake.botToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      headers: response.headers,
    };
  };
  const ticketBody = (name: string, parentId = categoryId) => ({
    name,
    type: 0,
    parent_id: parentId,
    permission_overwrites: [
      { id: fake.guild.id, type: 0, allow: '0', deny: VIEW },
      { id: customerId, type: 1, allow: VIEW_AND_SEND, deny: '0' },
      { id: roleId, type: 0, allow: VIEW_AND_SEND, deny: '0' },
      { id: fake.bot.id, type: 1, allow: VIEW_AND_SEND, deny: '0' },
    ],
  });

  beforeAll(async () => {
    fake = await startFakeDiscord({
      guild: { channels: [{ name: 'Tickets', type: 4 }, { name: 'general' }] },
      channelCreateRate: { limit: 1000, windowMs: 1000 },
    });
    categoryId = fake.guild.channels[0]?.id ?? '';
    customerId = fake.guild.members[1]?.user.id ?? '';
    roleId = fake.guild.roles[1]?.id ?? '';
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('creates a private channel under a category with its overwrites, edits and deletes it', async () => {
    const created = await call(
      'POST',
      `/guilds/${fake.guild.id}/channels`,
      ticketBody('ticket-0001'),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ticket-0001', parent_id: categoryId, type: 0 });
    expect(created.body.permission_overwrites).toHaveLength(4);
    const id = created.body.id as string;
    expect(fake.channelsUnder(categoryId).map((channel) => channel.id)).toEqual([id]);

    expect((await call('PATCH', `/channels/${id}`, { name: 'ticket-0001-logo' })).body.name).toBe(
      'ticket-0001-logo',
    );
    const member = fake.guild.members[0]?.user.id ?? '';
    expect(
      (
        await call('PUT', `/channels/${id}/permissions/${member}`, {
          type: 1,
          allow: VIEW_AND_SEND,
          deny: '0',
        })
      ).status,
    ).toBe(204);
    expect(fake.channel(id)?.overwrites?.map((item) => item.id)).toContain(member);
    expect((await call('DELETE', `/channels/${id}/permissions/${member}`)).status).toBe(204);
    expect(fake.channel(id)?.overwrites?.map((item) => item.id)).not.toContain(member);

    expect((await call('DELETE', `/channels/${id}`)).status).toBe(200);
    expect(fake.channel(id)).toBeUndefined();
    expect(fake.deletedChannels.map((channel) => channel.id)).toContain(id);
    expect((await call('GET', `/channels/${id}/messages`)).body.code).toBe(10003);
  });

  it('refuses overwrites naming unknown roles or users, bad types and bits', async () => {
    const body = ticketBody('ticket-bad');
    body.permission_overwrites.push(
      { id: '123456789012345678', type: 0, allow: '0', deny: '0' },
      { id: '123456789012345679', type: 1, allow: '0', deny: '0' },
      { id: roleId, type: 3 as 0, allow: 'all', deny: '0' },
    );
    const refused = await call('POST', `/guilds/${fake.guild.id}/channels`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(50035);
    const errors = refused.body.errors.permission_overwrites;
    expect(errors[4].id._errors[0].code).toBe('UNKNOWN_ROLE');
    expect(errors[5].id._errors[0].code).toBe('UNKNOWN_USER');
    expect(errors[6].type._errors[0].code).toBe('BASE_TYPE_CHOICES');
    expect(errors[6].allow._errors[0].code).toBe('NUMBER_TYPE_COERCE');
    const notCategory = await call(
      'POST',
      `/guilds/${fake.guild.id}/channels`,
      ticketBody('x', fake.guild.channels[1]?.id),
    );
    expect(notCategory.body.errors.parent_id._errors[0].code).toBe('CHANNEL_PARENT_INVALID');
    const noName = await call('POST', `/guilds/${fake.guild.id}/channels`, { type: 0 });
    expect(noName.body.errors.name._errors[0].code).toBe('BASE_TYPE_REQUIRED');
  });

  it('refuses the 51st channel of a category with Discord’s 50035 on parent_id', async () => {
    const full = await call('POST', `/guilds/${fake.guild.id}/channels`, { name: 'Full', type: 4 });
    for (let n = 0; n < 50; n += 1) {
      const made = await call('POST', `/guilds/${fake.guild.id}/channels`, {
        name: `c-${n}`,
        parent_id: full.body.id,
      });
      expect(made.status).toBe(201);
    }
    const refused = await call('POST', `/guilds/${fake.guild.id}/channels`, {
      name: 'c-50',
      parent_id: full.body.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 50035,
      errors: {
        parent_id: {
          _errors: [
            {
              code: 'CHANNEL_PARENT_MAX_CHANNELS',
              message: 'Maximum number of channels in category reached (50)',
            },
          ],
        },
      },
    });
    // Moving a channel into the full category is refused the same way.
    const general = fake.guild.channels[1]?.id;
    expect(
      (await call('PATCH', `/channels/${general}`, { parent_id: full.body.id })).body.code,
    ).toBe(50035);
  });

  it('refuses channel work without Manage Channels, and overwrites beyond the bot’s own permissions', async () => {
    const botRole = fake.guild.roles.at(-1);
    if (!botRole) throw new Error('no bot role');
    const kept = botRole.permissions;
    try {
      botRole.permissions = String(BigInt(kept) & ~(1n << 4n));
      expect(
        (await call('POST', `/guilds/${fake.guild.id}/channels`, { name: 'nope' })).body,
      ).toMatchObject({ code: 50013 });
      botRole.permissions = kept;
      const admin = String(1n << 3n);
      const beyond = await call('POST', `/guilds/${fake.guild.id}/channels`, {
        name: 'nope',
        permission_overwrites: [{ id: roleId, type: 0, allow: admin, deny: '0' }],
      });
      expect(beyond.status).toBe(403);
    } finally {
      botRole.permissions = kept;
    }
  });

  it('pages messages with before, after and limit, newest first, and refuses limit over 100', async () => {
    const made = await call(
      'POST',
      `/guilds/${fake.guild.id}/channels`,
      ticketBody('ticket-paging'),
    );
    const channelId = made.body.id as string;
    const ids = Array.from(
      { length: 150 },
      (_, n) => fake.postAsMember({ channelId, userId: customerId, content: `m${n}` }).id,
    );
    const first = await call('GET', `/channels/${channelId}/messages?limit=100`);
    expect(first.body).toHaveLength(100);
    expect(first.body[0].content).toBe('m149');
    expect(first.body[0].author.id).toBe(customerId);
    const rest = await call(
      'GET',
      `/channels/${channelId}/messages?limit=100&before=${first.body[99].id}`,
    );
    expect(rest.body.map((message: { content: string }) => message.content)).toEqual(
      Array.from({ length: 50 }, (_, n) => `m${49 - n}`),
    );
    const after = await call('GET', `/channels/${channelId}/messages?limit=3&after=${ids[10]}`);
    expect(after.body.map((message: { content: string }) => message.content)).toEqual([
      'm13',
      'm12',
      'm11',
    ]);
    expect((await call('GET', `/channels/${channelId}/messages`)).body).toHaveLength(50);
    const tooMany = await call('GET', `/channels/${channelId}/messages?limit=101`);
    expect(tooMany.body.errors.limit._errors[0].code).toBe('NUMBER_TYPE_MAX');
    expect((await call('GET', `/channels/${channelId}`)).body.last_message_id).toBe(ids[149]);
  });

  it('hides other people’s message content when the Message Content intent is off', async () => {
    const app = await call('GET', '/applications/@me');
    expect(app.body.flags & MESSAGE_CONTENT_LIMITED).toBe(MESSAGE_CONTENT_LIMITED);
    const made = await call(
      'POST',
      `/guilds/${fake.guild.id}/channels`,
      ticketBody('ticket-intent'),
    );
    fake.postAsMember({ channelId: made.body.id, userId: customerId, content: 'secret' });
    fake.setApplicationFlags(0);
    try {
      expect((await call('GET', '/applications/@me')).body.flags).toBe(0);
      const [message] = (await call('GET', `/channels/${made.body.id}/messages`)).body;
      expect(message.content).toBe('');
    } finally {
      fake.setApplicationFlags(MESSAGE_CONTENT_LIMITED);
    }
  });
});

describe('fake Discord channel creation limit', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord({ channelCreateRate: { limit: 2, windowMs: 400 } });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('answers 429 with retry_after past the per-guild limit, then accepts again', async () => {
    const create = (name: string) =>
      fetch(`${fake.apiUrl}/v10/guilds/${fake.guild.id}/channels`, {
        method: 'POST',
        headers: { authorization: `Bot ${fake.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    expect((await create('a')).status).toBe(201);
    expect((await create('b')).status).toBe(201);
    const limited = await create('c');
    expect(limited.status).toBe(429);
    const body = await limited.json();
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(0.4);
    expect(limited.headers.get('x-ratelimit-scope')).toBe('shared');
    await expect
      .poll(async () => (await create('d')).status, { timeout: 5000, interval: 100 })
      .toBe(201);
    expect(fake.guild.channels.map((channel) => channel.name)).not.toContain('c');
  });
});
