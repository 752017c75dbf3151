import { describe, expect, it } from 'vitest';
import { customerSignInSettings, parseConfig, signInSettings } from '.';

const id = (n: number) => `10000000000000000${n}`;
const DISCORD = {
  DISCORD_TOKEN: 'bot.token.value',
  DISCORD_GUILD_ID: id(0),
  DISCORD_LEAD_ROLE_ID: id(1),
};

describe('staff sign-in configuration', () => {
  it('turns Discord sign-in on with client id, secret, bot and a role; URLs default to Discord', () => {
    const result = parseConfig({
      ...DISCORD,
      DISCORD_CLIENT_ID: id(9),
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_STAFF_ROLE_ID: id(2),
    });
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const settings = signInSettings(result.config);
    expect(settings.oauth).toEqual({
      clientId: id(9),
      clientSecret: 'secret',
      authorizeUrl: 'https://discord.com/oauth2/authorize',
      apiBaseUrl: 'https://discord.com/api/v10',
    });
    expect(settings.roleSource).toMatchObject({
      guildId: id(0),
      roleIds: { staff: id(2), lead: id(1), designer: undefined },
    });
  });

  it('is off without a client id; roles are still read when the bot and a role are set', () => {
    const result = parseConfig({ ...DISCORD, DISCORD_API_URL: 'http://127.0.0.1:9/api/' });
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const settings = signInSettings(result.config);
    expect(settings.oauth).toBeNull();
    expect(settings.roleSource?.apiBaseUrl).toBe('http://127.0.0.1:9/api/v10');
    const bare = parseConfig({});
    expect(bare.ok && signInSettings(bare.config)).toEqual({ oauth: null, roleSource: null });
  });

  it('names what is missing for Discord sign-in', () => {
    const noSecret = parseConfig({ ...DISCORD, DISCORD_CLIENT_ID: id(9) });
    expect(noSecret.ok ? [] : noSecret.errors).toEqual([
      'DISCORD_CLIENT_SECRET: sign-in with Discord needs both DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET (developer portal > OAuth2)',
    ]);
    const noBot = parseConfig({ DISCORD_CLIENT_ID: id(9), DISCORD_CLIENT_SECRET: 's' });
    expect(noBot.ok ? [] : noBot.errors).toEqual([
      'DISCORD_TOKEN: is required when DISCORD_CLIENT_ID is set: sign-in reads the member’s roles in the studio server with the bot',
      'DISCORD_CLIENT_ID: sign-in with Discord needs at least one staff role: set DISCORD_STAFF_ROLE_ID, DISCORD_DESIGNER_ROLE_ID, DISCORD_PAYMENT_VERIFIER_ROLE_ID, DISCORD_LEAD_ROLE_ID, DISCORD_EXECUTIVE_ROLE_ID',
    ]);
  });
});

describe('customer sign-in configuration (decision 047)', () => {
  it('is on with the OAuth2 application and the bot, and off without either', () => {
    const on = parseConfig({
      ...DISCORD,
      DISCORD_CLIENT_ID: id(9),
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_OAUTH_URL: 'http://127.0.0.1:9/',
    });
    if (!on.ok) throw new Error(on.errors.join('\n'));
    expect(customerSignInSettings(on.config)).toEqual({
      oauth: {
        clientId: id(9),
        clientSecret: 'secret',
        authorizeUrl: 'http://127.0.0.1:9/oauth2/authorize',
        apiBaseUrl: 'https://discord.com/api/v10',
      },
      guildId: id(0),
    });
    const botOnly = parseConfig(DISCORD);
    expect(botOnly.ok && customerSignInSettings(botOnly.config)).toBeNull();
    const bare = parseConfig({});
    expect(bare.ok && customerSignInSettings(bare.config)).toBeNull();
  });
});
