import { describe, expect, it } from 'vitest';
import { REFUND_REASON_MAX, RefundRequestSchema } from './refund';

// The refund reason goes to the database, the timeline and the customer's DM: the one text
// rule (docs/decisions/021-one-text-rule.md). Found by the staff fuzz: a lone surrogate or a
// control character here was a 500 (Postgres refused the row) instead of a 400 in words.
const issueOf = (reason: unknown) => {
  const result = RefundRequestSchema.safeParse({ reason });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('RefundRequestSchema', () => {
  it.each([
    ['a NUL', 'Paid\u0000 twice', 'Reason contains a NUL character'],
    ['a lone surrogate', 'Paid \udc00 twice', 'Reason contains broken Unicode (a lone surrogate)'],
    [
      'a control character',
      'Paid\u001b twice',
      'Reason contains a control character (only line breaks and tabs are allowed)',
    ],
  ])('refuses %s in words', (_, reason, message) => {
    expect(issueOf(reason)).toBe(message);
  });

  it('asks for a reason of at least 3 characters, and at most the maximum', () => {
    const short = 'Reason: say why the order is refunded (at least 3 characters)';
    expect(issueOf('')).toBe(short);
    expect(issueOf('  ok ')).toBe(short);
    expect(issueOf(undefined)).toBe(short);
    expect(issueOf('x'.repeat(REFUND_REASON_MAX + 1))).toBe(
      `Reason must be at most ${REFUND_REASON_MAX} characters`,
    );
  });

  it('keeps odd but good text, trimmed and NFC-normalised', () => {
    const parsed = RefundRequestSchema.parse({ reason: '  Cafe\u0301 50% off_ \\ 😀\nok  ' });
    expect(parsed.reason).toBe('Café 50% off_ \\ 😀\nok');
  });
});
