import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatConfigErrors, parseConfig } from '.';

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
    expect(result.config.discord.connection).toBeUndefined();
  });

  it('lists every bad variable with how to fix it', () => {
    const result = parseConfig({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/db',
      LUNAR_ROLES: 'web,mailer',
      DISCORD_TOKEN: 'MTAw.part.secret',
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

  it('accepts a copy of .env.example as it is (empty values mean defaults)', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).length).toBeGreaterThan(15);
    const result = parseConfig(env);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('takes TRUST_PROXY as a hop count or addresses, never "true"', () => {
    const behindProxy = { PUBLIC_URL: 'https://lunar.gg' };
    const hops = parseConfig({ ...behindProxy, TRUST_PROXY: '1' });
    expect(hops.ok && hops.config.TRUST_PROXY).toBe(1);
    const addresses = parseConfig({ ...behindProxy, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' });
    expect(addresses.ok && addresses.config.TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.0/8']);
    const off = parseConfig({});
    expect(off.ok && off.config.TRUST_PROXY).toBe(false);
    const v6 = parseConfig({ ...behindProxy, TRUST_PROXY: '::1,fd00::/8' });
    expect(v6.ok && v6.config.TRUST_PROXY).toEqual(['::1', 'fd00::/8']);
    for (const bad of ['true', 'abc', '1.2.3', '300.1.1.1', '10.0.0.0/33', 'nginx']) {
      const result = parseConfig({ ...behindProxy, TRUST_PROXY: bad });
      expect(!result.ok && result.errors[0], bad).toContain(
        'TRUST_PROXY: must be false, the number',
      );
    }
  });

  it('requires PUBLIC_URL when a production server listens beyond loopback', () => {
    const exposed = parseConfig({ HOST: '0.0.0.0' });
    expect(!exposed.ok && exposed.errors[0]).toContain('PUBLIC_URL: is required in production');
    const proxied = parseConfig({ TRUST_PROXY: '1' });
    expect(!proxied.ok && proxied.errors[0]).toContain('PUBLIC_URL: is required in production');
    expect(parseConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://lunar.gg' }).ok).toBe(true);
    expect(parseConfig({ HOST: '0.0.0.0', NODE_ENV: 'development' }).ok).toBe(true);
    expect(parseConfig({ HOST: 'localhost' }).ok).toBe(true);
  });
});
