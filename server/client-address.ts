import { isIPv6 } from 'node:net';

/**
 * The key a client is counted under by the rate limits. An IPv6 subscriber is routinely given
 * a whole /64, so counting full addresses would let one client rotate through 2^64 keys; its
 * /64 prefix is the client. IPv4 (also when written as an IPv4-mapped IPv6 address) stays whole.
 */
export function rateLimitKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** Eight lower-case groups without leading zeros, '::' and any zone id resolved. */
function expandIPv6(ip: string): string[] {
  const address = ip.split('%')[0] ?? ip;
  const [head = '', tail] = address.split('::');
  const parse = (part: string) => (part ? part.split(':') : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  // An embedded IPv4 tail (e.g. 64:ff9b::1.2.3.4) counts as two groups.
  const last = right.length > 0 ? right : left;
  const v4 = last.at(-1);
  if (v4?.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array(Math.max(0, missing)).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
