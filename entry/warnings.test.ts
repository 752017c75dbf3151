import { describe, expect, it } from 'vitest';
import { parseConfig } from '../core/config';
import { startupWarnings } from './warnings';

const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAx.GhX4aB.c2VjcmV0LXBhcnQtb2YtdGhlLXRva2Vu';
const GUILD = '100000000000000000';

function warningsFor(env: Record<string, string>) {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return startupWarnings(result.config);
}

describe('start-up warnings', () => {
  it('says nothing about reviewers with the bot off: the dashboard decides applications', () => {
    expect(warningsFor({})).toEqual([]);
    expect(warningsFor({ LUNAR_ROLES: 'web' })).toEqual([]);
    expect(warningsFor({}).join()).not.toMatch(/nobody can/i);
  });

  it('says who can review when Discord is connected elsewhere and no reviewer role is set', () => {
    expect(
      warningsFor({ LUNAR_ROLES: 'web', DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: GUILD }),
    ).toEqual([
      'No reviewer role is set: only the owner and staff given the lead or executive role by ' +
        '`npm run login-link` can accept or reject applications (in the dashboard). Set ' +
        'DISCORD_LEAD_ROLE_ID or DISCORD_EXECUTIVE_ROLE_ID so members with that Discord role ' +
        'can too (see .env.example).',
    ]);
  });

  it('is quiet once a lead or an executive role is set', () => {
    const connected = { LUNAR_ROLES: 'web', DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: GUILD };
    expect(warningsFor({ ...connected, DISCORD_LEAD_ROLE_ID: '100000000000000001' })).toEqual([]);
    expect(warningsFor({ ...connected, DISCORD_EXECUTIVE_ROLE_ID: '100000000000000002' })).toEqual(
      [],
    );
  });

  it('leaves it to the bot when this process runs it (it warns per button)', () => {
    expect(warningsFor({ DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: GUILD })).toEqual([]);
  });
});
