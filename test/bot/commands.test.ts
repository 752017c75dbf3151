import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGuildCommands } from '../../bot/register-commands';
import { registry } from '../../bot/registry';
import { buildTaxReply } from '../../core/orders';
import { type BotHarness, startBotHarness } from './harness';

// Slash commands end to end: the fake delivers the command over the gateway, the real client
// and dispatcher answer through the interaction callback. No database work: PGlite only.
describe('slash commands in Discord', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness('pglite');
    await register(registry.commands.map((command) => command.data));
  }, 60_000);

  // As `npm run discord:register` does; a test may register an older or foreign set.
  const register = (commands: Parameters<typeof registerGuildCommands>[1]) =>
    registerGuildCommands(
      { token: h.fake.botToken, guildId: h.fake.guild.id, apiUrl: h.fake.apiUrl },
      commands,
    );
  afterAll(async () => {
    await h?.close();
  });

  const run = (name: string, options: Record<string, string | number | boolean> = {}) =>
    h.fake.runCommand({
      name,
      options,
      channelId: h.ids.contactChannel,
      userId: h.users.member,
    });

  it('/tax answers only the member who asked, with both directions of the fee', async () => {
    const before = h.fake.messages.length;
    const record = await run('tax', { amount: 1000 });
    expect(record.response).toMatchObject({
      type: 4,
      data: { content: buildTaxReply(1000).content, flags: 64, allowed_mentions: { parse: [] } },
    });
    expect(record.original?.ephemeral).toBe(true);
    expect(record.original?.content).toContain('charge **1,429 R$**');
    expect(h.fake.messages).toHaveLength(before);
  });

  it('/tax public:true answers the whole channel', async () => {
    const record = await run('tax', { amount: 700, public: true });
    expect(record.response?.type).toBe(4);
    expect(record.response?.data?.flags ?? 0).toBe(0);
    expect(record.original?.ephemeral).toBe(false);
    expect(record.original?.content).toBe(buildTaxReply(700).content);
    expect(record.original?.allowedMentions).toEqual({ parse: [] });
  });

  it('/tax refuses an amount outside 1–1,000,000 or not whole that slipped past Discord', async () => {
    // Registered before the bounds existed (any whole number), or with a number option (1.5).
    const [tax] = registry.commands.map((command) => command.data);
    const options = (type: number) =>
      tax?.options?.map((option) => {
        const {
          min_value: _min,
          max_value: _max,
          ...rest
        } = option as unknown as Record<string, unknown>;
        return rest.name === 'amount' ? { ...rest, type } : rest;
      });
    const refusal = {
      content: 'Amount must be a whole number of Robux from 1 to 1,000,000',
      flags: 64,
      allowed_mentions: { parse: [] },
    };
    await register([{ ...tax, name: 'tax', description: '/tax', options: options(4) as never }]);
    for (const amount of [0, 1_000_001]) {
      const record = await run('tax', { amount, public: true });
      expect(record.response?.data).toMatchObject(refusal);
    }
    await register([{ ...tax, name: 'tax', description: '/tax', options: options(10) as never }]);
    const fraction = await run('tax', { amount: 1.5 });
    expect(fraction.response?.data).toMatchObject(refusal);
    expect(h.fake.rejected).toEqual([]);
    await register(registry.commands.map((command) => command.data));
  });

  it('answers a command it no longer has', async () => {
    // Still registered in the server, but no module of the running bot answers it.
    await register([{ name: 'retired', description: 'A command this bot no longer has' }]);
    const record = await run('retired');
    expect(record.response?.data).toMatchObject({
      content: 'This command is no longer in use.',
      flags: 64,
    });
  });
});
