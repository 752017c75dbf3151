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
  it('says nobody can review applications when neither reviewer role is set', () => {
    expect(warningsFor({})).toEqual([
      'No reviewer role is set: nobody can Accept or Reject an application until DISCORD_LEAD_ROLE_ID or DISCORD_EXECUTIVE_ROLE_ID is set (see .env.example).',
    ]);
    expect(
      warningsFor({ LUNAR_ROLES: 'web', DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: GUILD }),
    ).toHaveLength(1);
  });

  it('is quiet once a lead or an executive role is set', () => {
    expect(warningsFor({ DISCORD_LEAD_ROLE_ID: '100000000000000001' })).toEqual([]);
    expect(warningsFor({ DISCORD_EXECUTIVE_ROLE_ID: '100000000000000002' })).toEqual([]);
  });

  it('leaves it to the bot when this process runs it (it warns per button)', () => {
    expect(warningsFor({ DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: GUILD })).toEqual([]);
  });
});
