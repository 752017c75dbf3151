import { describe, expect, it } from 'vitest';
import { formatConfigErrors, parseConfig } from '.';
import { describeValue, isSecretVariable, withoutSecrets } from './secrets';

const MARKER = 'S3cr3tMarker';

function errorsFor(env: Record<string, string>): string {
  const result = parseConfig(env);
  expect(result.ok, 'the configuration should be refused').toBe(false);
  return result.ok ? '' : formatConfigErrors(result.errors);
}

describe('configuration errors and secrets', () => {
  it('names an invalid passcode without printing it', () => {
    const text = errorsFor({ BLOG_ADMIN_PASSCODE: `${MARKER.slice(0, 6)}` });
    expect(text).toContain('BLOG_ADMIN_PASSCODE: must be at least 8 characters');
    expect(text).toContain('value not shown');
    expect(text).not.toContain(MARKER.slice(0, 6));
  });

  it('names a malformed bot token without printing any part of it', () => {
    const text = errorsFor({
      DISCORD_TOKEN: `Bot ${MARKER}.abc.def`,
      DISCORD_GUILD_ID: '1'.repeat(18),
    });
    expect(text).toContain('DISCORD_TOKEN: must be the bot token');
    expect(text).not.toContain(MARKER);
  });

  it('masks the password of a database URL it quotes', () => {
    const text = errorsFor({ DATABASE_URL: `mysql://lunar:${MARKER}@db.internal/lunar` });
    expect(text).toContain('DATABASE_URL: must start with postgres://');
    expect(text).toContain('"mysql://lunar:***@db.internal/lunar"');
    expect(text).not.toContain(MARKER);
  });

  it('keeps a secret out even when another variable repeats it', () => {
    // A token pasted into the wrong variable is still the token.
    const token = `${MARKER}AAAAAAAAAAAAAAAA.GhX4aB.c2VjcmV0LXBhcnQ`;
    const text = errorsFor({
      DISCORD_TOKEN: token,
      DISCORD_GUILD_ID: token,
      SUPPORT_EMAIL: `x:${MARKER}@`,
      DATABASE_URL: `postgres://u:${MARKER}@h:5432/db`,
    });
    expect(text).toContain('DISCORD_GUILD_ID: must be a Discord server id');
    expect(text).not.toContain(MARKER);
  });

  it('still quotes ordinary values, which help to fix them', () => {
    expect(errorsFor({ PORT: 'eighty' })).toContain('(got "eighty")');
  });

  it('knows secrets by name, including ones added later', () => {
    for (const name of [
      'DISCORD_TOKEN',
      'DISCORD_CLIENT_SECRET',
      'BLOG_ADMIN_PASSCODE',
      'SMTP_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(isSecretVariable(name), name).toBe(true);
      expect(describeValue(name, MARKER)).not.toContain(MARKER);
    }
    for (const name of ['PORT', 'DATABASE_URL', 'DISCORD_GUILD_ID']) {
      expect(isSecretVariable(name), name).toBe(false);
    }
  });

  it('removes a secret whatever message quotes it', () => {
    const env = { DISCORD_CLIENT_SECRET: MARKER, DATABASE_URL: `postgres://u:p%40${MARKER}@h/db` };
    const messages = withoutSecrets(
      [`Invalid input "${MARKER}"`, `cannot parse postgres://u:p@${MARKER}@h/db`],
      env,
    );
    expect(messages.join('\n')).not.toContain(MARKER);
  });
});
