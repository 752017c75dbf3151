import { describe, expect, it } from 'vitest';
import { parseConfig } from '.';

const KEY = 'a-very-secret-open-cloud-key';

describe('the Roblox payment settings', () => {
  it('leaves payments to verifiers when nothing is set', () => {
    const result = parseConfig({});
    expect(result.ok ? result.config.roblox : result.errors).toBeUndefined();
  });

  it('groups a whole configuration as config.roblox, with Roblox’s addresses by default', () => {
    const result = parseConfig({ ROBLOX_OPEN_CLOUD_API_KEY: KEY, ROBLOX_UNIVERSE_ID: '123456' });
    expect(result.ok && result.config.roblox).toEqual({
      apiKey: KEY,
      universeId: '123456',
      apiUrl: 'https://apis.roblox.com',
      usersApiUrl: 'https://users.roblox.com',
    });
    const local = parseConfig({
      ROBLOX_OPEN_CLOUD_API_KEY: KEY,
      ROBLOX_UNIVERSE_ID: '1',
      ROBLOX_API_URL: 'http://127.0.0.1:9000/',
      ROBLOX_USERS_API_URL: 'http://127.0.0.1:9001',
    });
    expect(local.ok && local.config.roblox?.apiUrl).toBe('http://127.0.0.1:9000');
    expect(local.ok && local.config).not.toHaveProperty('ROBLOX_OPEN_CLOUD_API_KEY');
  });

  it('refuses half a configuration, naming the missing variable and never the key', () => {
    const noUniverse = parseConfig({ ROBLOX_OPEN_CLOUD_API_KEY: KEY });
    expect(noUniverse.ok).toBe(false);
    if (noUniverse.ok) return;
    expect(noUniverse.errors).toEqual([expect.stringMatching(/^ROBLOX_UNIVERSE_ID: is required/)]);
    expect(noUniverse.errors.join('\n')).not.toContain(KEY);

    const noKey = parseConfig({ ROBLOX_UNIVERSE_ID: '123' });
    expect(noKey.ok).toBe(false);
    if (noKey.ok) return;
    expect(noKey.errors).toEqual([
      expect.stringMatching(/^ROBLOX_OPEN_CLOUD_API_KEY: is required/),
    ]);

    const bad = parseConfig({ ROBLOX_OPEN_CLOUD_API_KEY: KEY, ROBLOX_UNIVERSE_ID: 'my-game' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.join('\n')).toContain(
      'ROBLOX_UNIVERSE_ID: must be the experience’s universe id',
    );
    expect(bad.errors.join('\n')).not.toContain(KEY);
  });
});
