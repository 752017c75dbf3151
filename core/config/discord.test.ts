import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { discordVariables, parseConfig } from '.';

const id = (n: number) => `10000000000000000${n}`;
const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAx.GhX4aB.c2VjcmV0LXBhcnQtb2YtdGhlLXRva2Vu';

describe('the Discord part of the configuration', () => {
  it('groups roles and channels into maps keyed by what they are for', () => {
    const result = parseConfig({
      DISCORD_TOKEN: TOKEN,
      DISCORD_GUILD_ID: id(0),
      DISCORD_DESIGNER_ROLE_ID: id(1),
      DISCORD_PAYMENT_VERIFIER_ROLE_ID: id(2),
      DISCORD_LEAD_ROLE_ID: id(3),
      DISCORD_EXECUTIVE_ROLE_ID: id(4),
      DISCORD_APPLICATIONS_CHANNEL_ID: id(5),
      DISCORD_CONTACT_CHANNEL_ID: id(6),
      DISCORD_QC_CHANNEL_ID: id(7),
      DISCORD_ORDER_LOG_CHANNEL_ID: id(8),
      DISCORD_REVIEWS_CHANNEL_ID: id(9),
      DISCORD_PAYMENTS_CHANNEL_ID: '200000000000000000',
    });
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const { discord } = result.config;
    expect(discord.connection).toEqual({
      token: TOKEN,
      guildId: id(0),
      apiUrl: undefined,
      applicationId: undefined,
    });
    expect(discord.roles).toEqual({
      designer: id(1),
      payment_verifier: id(2),
      lead: id(3),
      executive: id(4),
    });
    expect(discord.channels).toEqual({
      applications: id(5),
      moderator_applications: undefined,
      designer_applications: undefined,
      contact: id(6),
      qc: id(7),
      order_log: id(8),
      reviews: id(9),
      payments: '200000000000000000',
    });
    // The variables themselves are not kept: `discord` is the one way to read them.
    expect(Object.keys(result.config).filter((key) => key.startsWith('DISCORD_'))).toEqual([
      'DISCORD_INVITE_URL',
    ]);
  });

  it('has no connection and empty maps without any Discord variable', () => {
    const result = parseConfig({});
    expect(result.ok && result.config.discord).toMatchObject({
      connection: undefined,
      roles: { lead: undefined, executive: undefined },
      channels: { qc: undefined },
    });
  });

  it('names each role or channel whose id is not a snowflake, with how to fix it', () => {
    const result = parseConfig({
      DISCORD_PAYMENT_VERIFIER_ROLE_ID: '@Payment Verifier',
      DISCORD_ORDER_LOG_CHANNEL_ID: '#order-log',
      DISCORD_QC_CHANNEL_ID: '1234',
      DISCORD_APPLICATION_ID: 'lunar-bot',
    });
    expect(result.ok ? [] : result.errors).toEqual([
      'DISCORD_APPLICATION_ID: must be a Discord application id (17–20 digits); copy it with Developer Mode on (got "lunar-bot")',
      'DISCORD_PAYMENT_VERIFIER_ROLE_ID: must be a Discord role id (17–20 digits); copy it with Developer Mode on (got "@Payment Verifier")',
      'DISCORD_QC_CHANNEL_ID: must be a Discord channel id (17–20 digits); copy it with Developer Mode on (got "1234")',
      'DISCORD_ORDER_LOG_CHANNEL_ID: must be a Discord channel id (17–20 digits); copy it with Developer Mode on (got "#order-log")',
    ]);
  });

  it('refuses a token that is not shaped like a bot token', () => {
    for (const bad of [`Bot ${TOKEN}`, `"${TOKEN}"`, 'client-secret-abc']) {
      const result = parseConfig({ DISCORD_TOKEN: bad, DISCORD_GUILD_ID: id(0) });
      expect(!result.ok && result.errors[0], bad).toMatch(
        /^DISCORD_TOKEN: must be the bot token from the developer portal/,
      );
    }
  });

  it('requires the studio server when a token is set', () => {
    const result = parseConfig({ DISCORD_TOKEN: TOKEN });
    expect(result.ok ? [] : result.errors).toEqual([
      'DISCORD_GUILD_ID: is required when DISCORD_TOKEN is set: the id of the studio server',
    ]);
  });

  it('documents every Discord variable in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const listed = [...example.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]);
    expect(listed).toEqual(expect.arrayContaining(Object.keys(discordVariables)));
  });
});
