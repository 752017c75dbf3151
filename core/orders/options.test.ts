import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  firstIssueMessage,
  OrderIdSchema,
  OrderPriceSchema,
  PublishConsentSchema,
  QcReasonSchema,
  ReviewCommentSchema,
  ReviewRatingSchema,
  RobloxUsernameSchema,
  SnowflakeSchema,
  TaxAmountSchema,
  WorkFileUrlSchema,
} from './options';

function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueMessage(result.error);
}

describe('OrderPriceSchema and TaxAmountSchema', () => {
  it.each([1, 750, 1_000_000])('accepts %s', (price) => {
    expect(OrderPriceSchema.parse(price)).toBe(price);
    expect(TaxAmountSchema.parse(price)).toBe(price);
  });

  it.each([0, -1, 1.5, 1_000_001, Number.NaN, Number.POSITIVE_INFINITY, '750', null])(
    'refuses %s',
    (price) => {
      expect(messageOf(OrderPriceSchema, price)).toBe(
        'Price must be a whole number of Robux from 1 to 1,000,000',
      );
      expect(messageOf(TaxAmountSchema, price)).toBe(
        'Amount must be a whole number of Robux from 1 to 1,000,000',
      );
    },
  );
});

describe('RobloxUsernameSchema', () => {
  it.each([
    ['abc', 'abc'],
    ['Builder_2024', 'Builder_2024'],
    ['a'.repeat(20), 'a'.repeat(20)],
    ['  Cool_Builder  ', 'Cool_Builder'],
    ['@Cool_Builder', 'Cool_Builder'],
    ['123', '123'],
  ])('accepts %j', (input, output) => {
    expect(RobloxUsernameSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', 'Roblox username is required'],
    ['   ', 'Roblox username is required'],
    ['@', 'Roblox username is required'],
    ['ab', 'Roblox usernames are 3 to 20 characters long'],
    ['a'.repeat(21), 'Roblox usernames are 3 to 20 characters long'],
    ['_abc', 'A Roblox username cannot start or end with an underscore'],
    ['abc_', 'A Roblox username cannot start or end with an underscore'],
    ['a_b_c', 'A Roblox username may contain at most one underscore'],
    ['ab__c', 'A Roblox username may contain at most one underscore'],
    [
      'cool builder',
      'Roblox usernames may only contain letters A–Z, digits 0–9 and one underscore',
    ],
    ['jos\u00e9', 'Roblox usernames may only contain letters A–Z, digits 0–9 and one underscore'],
    ['\uff41bcd', 'Roblox usernames may only contain letters A–Z, digits 0–9 and one underscore'],
    ['abc\u0000', 'Roblox usernames may only contain letters A–Z, digits 0–9 and one underscore'],
    ['ab-cd', 'Roblox usernames may only contain letters A–Z, digits 0–9 and one underscore'],
    ['@@abc', 'Roblox usernames may only contain letters A–Z, digits 0–9 and one underscore'],
    [42, 'Roblox username is required'],
  ])('refuses %j', (input, message) => {
    expect(messageOf(RobloxUsernameSchema, input)).toBe(message);
  });
});

describe('OrderIdSchema', () => {
  it.each([
    ['ticket-1234', 'ticket-1234'],
    ['Ticket-1234', 'ticket-1234'],
    [' 1234 ', '1234'],
    ['7', '7'],
    ['a'.repeat(32), 'a'.repeat(32)],
    ['lun-42-b', 'lun-42-b'],
  ])('accepts %j as %j', (input, output) => {
    expect(OrderIdSchema.parse(input)).toBe(output);
  });

  it.each([
    '',
    '-12',
    '12-',
    'a'.repeat(33),
    'ticket:12',
    'ticket 12',
    'ticket_12',
    'tícket',
    '\u0000',
  ])('refuses %j', (input) => {
    expect(messageOf(OrderIdSchema, input)).toBe(
      'Order IDs are 1–32 letters, digits and hyphens, such as ticket-1234 (use the ticket number)',
    );
  });
});

describe('SnowflakeSchema', () => {
  it('accepts Discord ids and nothing else', () => {
    expect(SnowflakeSchema.parse('80351110224678912')).toBe('80351110224678912');
    expect(messageOf(SnowflakeSchema, '1234')).toBe('Not a Discord id');
    expect(messageOf(SnowflakeSchema, '<@80351110224678912>')).toBe('Not a Discord id');
  });
});

describe('ReviewRatingSchema', () => {
  it.each([
    [1, 1],
    [5, 5],
    ['3', 3],
    [' 4 ', 4],
  ])('accepts %j', (input, output) => {
    expect(ReviewRatingSchema.parse(input)).toBe(output);
  });

  it.each([0, 6, 2.5, '', 'five', '4.0', '10', '\uff14', '-1', Number.NaN, null, true])(
    'refuses %j',
    (input) => {
      expect(messageOf(ReviewRatingSchema, input)).toBe(
        'Rating must be a whole number from 1 to 5',
      );
    },
  );
});

describe('PublishConsentSchema', () => {
  it.each([
    ['yes', true],
    ['Y', true],
    [' YES ', true],
    ['true', true],
    [true, true],
    ['no', false],
    ['N', false],
    ['', false],
    ['   ', false],
    [false, false],
  ])('reads %j as %s', (input, output) => {
    expect(PublishConsentSchema.parse(input)).toBe(output);
  });

  it.each(['maybe', 'oui', 'yes please', 1])('refuses %j', (input) => {
    expect(messageOf(PublishConsentSchema, input)).toBe('Answer yes or no');
  });
});

describe('QcReasonSchema and ReviewCommentSchema', () => {
  it('trims and normalises line endings', () => {
    expect(QcReasonSchema.parse('  Bigger logo\r\nand more blue\r ')).toBe(
      'Bigger logo\nand more blue',
    );
  });

  it('counts characters as Discord does, so 1000 emoji fit', () => {
    expect(ReviewCommentSchema.parse('😀'.repeat(1000))).toHaveLength(2000);
    expect(messageOf(ReviewCommentSchema, '😀'.repeat(1001))).toBe(
      'Comment must be at most 1000 characters',
    );
    expect(messageOf(QcReasonSchema, 'x'.repeat(1001))).toBe(
      'Reason must be at most 1000 characters',
    );
  });

  it('requires a reason but not a comment', () => {
    expect(messageOf(QcReasonSchema, ' \n ')).toBe('Reason is required');
    expect(ReviewCommentSchema.parse('')).toBe('');
  });

  it.each(['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u009bb', 'a\ud800b', 'a\udc00b'])(
    'refuses control characters and lone surrogates in %j',
    (text) => {
      expect(messageOf(ReviewCommentSchema, text)).toMatch(
        /^Comment contains (a NUL|a control|broken Unicode)/,
      );
    },
  );

  it('keeps newlines, tabs and non-Latin text', () => {
    expect(ReviewCommentSchema.parse('素晴らしい\n\tMerci ✨')).toBe('素晴らしい\n\tMerci ✨');
  });
});

describe('WorkFileUrlSchema', () => {
  it('takes https links only', () => {
    const url = 'https://cdn.discordapp.com/attachments/1/2/work.png?ex=1&is=2&hm=3';
    expect(WorkFileUrlSchema.parse(url)).toBe(url);
    expect(messageOf(WorkFileUrlSchema, 'http://example.com/a.png')).toBe(
      'File link must be an https URL',
    );
    expect(messageOf(WorkFileUrlSchema, 'javascript:alert(1)')).toBe(
      'File link must be an https URL',
    );
    expect(messageOf(WorkFileUrlSchema, `https://example.com/${'a'.repeat(1000)}`)).toBe(
      'File link must be at most 1000 characters',
    );
  });
});
