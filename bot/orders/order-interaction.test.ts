import { describe, expect, it } from 'vitest';
import { type Config, parseConfig } from '../../core/config';
import { missingChannel } from './order-interaction';

function configWith(env: Record<string, string>): Config {
  const parsed = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config;
}

describe('missingChannel', () => {
  it('names the variable to set when a command’s channel is not configured', () => {
    const config = configWith({});
    expect(missingChannel(config, 'qc')).toBe(
      'The quality-control channel is not set up yet: DISCORD_QC_CHANNEL_ID must be set. Ask an executive.',
    );
    expect(missingChannel(config, 'order_log')).toContain('DISCORD_ORDER_LOG_CHANNEL_ID');
  });

  it('is silent once it is configured', () => {
    const config = configWith({ DISCORD_REVIEWS_CHANNEL_ID: '123456789012345678' });
    expect(missingChannel(config, 'reviews')).toBeUndefined();
  });
});
