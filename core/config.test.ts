import { describe, expect, it } from 'vitest';
import { formatConfigErrors, parseConfig } from './config';

describe('parseConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const result = parseConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.PORT).toBe(3000);
    expect(result.config.HOST).toBe('127.0.0.1');
    expect(result.config.DATA_DIR).toBe('./data');
    expect(result.config.DATABASE_URL).toBeUndefined();
    expect(result.config.LUNAR_ROLES).toEqual(['web', 'bot', 'worker']);
    expect(result.config.DISCORD_TOKEN).toBeUndefined();
  });

  it('lists every bad variable with how to fix it', () => {
    const result = parseConfig({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/db',
      LUNAR_ROLES: 'web,mailer',
      DISCORD_TOKEN: 'token',
      SUPPORT_EMAIL: 'not-an-email',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.errors.join('\n');
    expect(text).toContain('PORT: must be a port number');
    expect(text).toContain('DATABASE_URL: must start with postgres://');
    expect(text).toContain('LUNAR_ROLES');
    expect(text).toContain('DISCORD_GUILD_ID: is required when DISCORD_TOKEN is set');
    expect(text).toContain('SUPPORT_EMAIL: must be an e-mail address');
    expect(result.errors).toHaveLength(5);
    expect(formatConfigErrors(result.errors)).toMatch(/^Lunar cannot start[\s\S]*\.env\.example/);
  });

  it('accepts a comma-separated role list and a real Postgres URL', () => {
    const result = parseConfig({
      LUNAR_ROLES: ' web , worker',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(result.ok && result.config.LUNAR_ROLES).toEqual(['web', 'worker']);
  });

  it('rejects a Discord id that is not a snowflake', () => {
    const result = parseConfig({ DISCORD_GUILD_ID: '#general' });
    expect(!result.ok && result.errors[0]).toContain(
      'DISCORD_GUILD_ID: must be a Discord server id',
    );
  });
});
