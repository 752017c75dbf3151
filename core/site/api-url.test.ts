import { describe, expect, it } from 'vitest';
import { apiUrl } from './api-url';

describe('apiUrl', () => {
  it('keeps a plain URL and sorts parameters, leaving out empty ones', () => {
    expect(apiUrl('/api/team')).toBe('/api/team');
    expect(apiUrl({ path: '/api/x' })).toBe('/api/x');
    expect(
      apiUrl({ path: '/api/x', params: { z: 1, a: 'b c', skip: undefined, none: null, t: true } }),
    ).toBe('/api/x?a=b+c&t=true&z=1');
  });
});
