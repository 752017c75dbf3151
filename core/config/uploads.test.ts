import { describe, expect, it } from 'vitest';
import { parseConfig } from '.';

describe('the upload settings', () => {
  it('defaults to a 20 s deadline and 4 uploads at once', () => {
    const result = parseConfig({});
    expect(
      result.ok && [result.config.UPLOAD_DEADLINE_SECONDS, result.config.MAX_CONCURRENT_UPLOADS],
    ).toEqual([20, 4]);
  });

  it('refuses values that are no whole number in range, naming the variable', () => {
    const result = parseConfig({ UPLOAD_DEADLINE_SECONDS: '0.5', MAX_CONCURRENT_UPLOADS: '0' });
    expect(result.ok ? [] : result.errors.join('\n')).toMatch(
      /UPLOAD_DEADLINE_SECONDS: must be a whole number of seconds[\s\S]*MAX_CONCURRENT_UPLOADS: must be between 1 and 100 uploads/,
    );
  });
});
