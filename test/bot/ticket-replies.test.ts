import { once } from 'node:events';
import { Events, GatewayIntentBits, type Message, type TextChannel } from 'discord.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeopleRepository } from '../../db/repositories/people';
import { createTicketsRepository } from '../../db/repositories/tickets';
import { tickets } from '../../db/schema';
import { DRIVERS } from '../support/database';
import { numberedTickets, ticketRow as ticket } from '../support/rows';
import { type BotHarness, startBotHarness } from './harness';

// Who wrote last in a ticket's channel (decision 046, "Replies"): the real bot on the fake
// Discord's gateway records each person's message in a live ticket's channel; its own posts,
// other channels and closed tickets change nothing.

describe.each(DRIVERS)('ticket replies seen by the bot on %s', (driver) => {
  let h: BotHarness;
  let customer: string;
  let stranger: string;
  const channels = { live: '', closed: '', barrier: '', other: '' };

  beforeAll(async () => {
    h = await startBotHarness(driver);
    customer = h.fake.addMember({ username: 'carl', nick: 'Carl the Customer' }).user.id;
    stranger = h.fake.addMember({ username: 'sam' }).user.id;
    const guild = h.bot.client.guilds.cache.get(h.fake.guild.id);
    if (!guild) throw new Error('the bot has no guild');
    for (const [key, name] of [
      ['live', 'ticket-9001'],
      ['closed', 'ticket-9002'],
      ['barrier', 'ticket-9003'],
      ['other', 'general'],
    ] as const) {
      channels[key] = (await guild.channels.create({ name })).id;
    }
    await h.database.db.insert(tickets).values(
      numberedTickets([
        ticket(customer, { status: 'claimed', channelId: channels.live }),
        ticket(customer, {
          status: 'closed',
          channelId: channels.closed,
          serviceKey: 'logos',
          closedAt: new Date(),
        }),
        ticket(customer, { status: 'open', channelId: channels.barrier, serviceKey: 'logos' }),
      ]),
    );
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const row = async (id: number) => {
    const [found] = await h.database.db.select().from(tickets).where(eq(tickets.id, id));
    if (!found) throw new Error(`no ticket ${id}`);
    return found;
  };
  const reply = async (id: number) => {
    const { lastMessageBy, lastMessageAt } = await row(id);
    return { by: lastMessageBy, at: lastMessageAt?.getTime() ?? null };
  };
  /**
   * A message recorded in another ticket: once it is, the bot has handled those before it
   * (what a message that changes nothing is checked against).
   */
  const barrier = async () => {
    const posted = h.fake.postAsMember({
      channelId: channels.barrier,
      userId: customer,
      content: '.',
    });
    await expect.poll(() => reply(9003)).toEqual({ by: 'customer', at: posted.createdAt });
  };
  it('asks Discord for guild messages, not for their content (a privileged intent)', () => {
    const intents = h.bot.client.options.intents;
    expect(intents.has(GatewayIntentBits.GuildMessages)).toBe(true);
    expect(intents.has(GatewayIntentBits.MessageContent)).toBe(false);
  });

  it('records the customer’s message as waiting for staff, and remembers their name', async () => {
    expect(await reply(9001)).toEqual({ by: null, at: null });
    const posted = h.fake.postAsMember({
      channelId: channels.live,
      userId: customer,
      content: 'Hi',
    });
    await expect.poll(() => reply(9001)).toEqual({ by: 'customer', at: posted.createdAt });
    expect((await row(9001)).lastActivityAt.getTime()).toBeGreaterThanOrEqual(posted.createdAt);
    const names = await createPeopleRepository(h.database.db).nameOf([customer]);
    expect(names.get(customer)).toBe('Carl the Customer');
  });

  it('records anyone else’s message as a staff reply', async () => {
    const posted = h.fake.postAsMember({
      channelId: channels.live,
      userId: h.users.designer,
      content: 'On it',
    });
    await expect.poll(() => reply(9001)).toEqual({ by: 'staff', at: posted.createdAt });
  });

  it('does not count the bot’s own posts as a reply', async () => {
    const before = await reply(9001);
    const channel = (await h.bot.client.channels.fetch(channels.live)) as TextChannel;
    // Listeners run in order: once this one has the message, the bot's recorder has had it.
    const seen = once(h.bot.client, Events.MessageCreate);
    const sent = await channel.send({
      content: 'Payment received',
      allowedMentions: { parse: [] },
    });
    const [message] = (await seen) as [Message];
    expect(message.id).toBe(sent.id);
    await barrier();
    expect(await reply(9001)).toEqual(before);
  });

  it('writes nothing for other channels and closed tickets', async () => {
    h.fake.postAsMember({ channelId: channels.other, userId: stranger, content: 'Hello all' });
    h.fake.postAsMember({ channelId: channels.closed, userId: customer, content: 'Still there?' });
    await barrier();
    expect(await reply(9002)).toEqual({ by: null, at: null });
    const people = createPeopleRepository(h.database.db);
    expect((await people.find([stranger])).length).toBe(0);
  });

  it('counts a message once, and never lets an older one win (Discord may redeliver)', async () => {
    const repository = createTicketsRepository(h.database.db);
    const { lastMessageAt } = await row(9001);
    expect((await row(9001)).lastMessageBy).toBe('staff');
    const at = new Date((lastMessageAt?.getTime() ?? 0) + 1000);
    const message = { channelId: channels.live, authorDiscordId: h.users.designer, at };
    expect(await repository.recordTicketMessage(message)).toBe(9001);
    expect(await repository.recordTicketMessage(message)).toBeNull();
    const older = { ...message, authorDiscordId: customer, at: new Date(at.getTime() - 500) };
    expect(await repository.recordTicketMessage(older)).toBeNull();
    expect(await reply(9001)).toEqual({ by: 'staff', at: at.getTime() });
  });
});
