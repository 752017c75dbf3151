import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './client-address';

describe('rateLimitKey', () => {
  it('keeps IPv4 addresses whole, also IPv4-mapped ones', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const a = rateLimitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0db8:0001:0002::1')).toBe(a);
    expect(rateLimitKey('2001:db8:1:2::ffff%eth0')).toBe(a);
    expect(rateLimitKey('2001:DB8:1:2:0:0:0:9')).toBe(a);
  });

  it('tells different /64s apart', () => {
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'));
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
