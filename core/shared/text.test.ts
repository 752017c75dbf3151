import { describe, expect, it } from 'vitest';
import { text } from './text';
import { clipText, measureText } from './text-length';

const EMOJI = '😀'; // 1 code point, 2 UTF-16 units
const FLAG = '🇫🇷'; // two regional indicators: 2 code points, 4 units, 1 grapheme
const FAMILY = '👩‍👩‍👧'; // ZWJ sequence: 5 code points, 8 units, 1 grapheme
const E_COMBINING = 'e\u0301'; // NFC composes it to é: 1 code point

const messageOf = (schema: ReturnType<typeof text>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('measureText', () => {
  it('counts code points of the NFC form', () => {
    expect(measureText('abc')).toBe(3);
    expect(measureText(EMOJI.repeat(3))).toBe(3);
    expect(measureText(FLAG)).toBe(2);
    expect(measureText(FAMILY)).toBe(5);
    expect(measureText(E_COMBINING)).toBe(1);
    expect(measureText('q\u0307\u0323')).toBe(3); // no precomposed form: stays 3
  });
});

describe('clipText', () => {
  it('keeps text that fits, as typed', () => {
    expect(clipText(E_COMBINING.repeat(4), 4)).toBe(E_COMBINING.repeat(4));
    expect(clipText(EMOJI.repeat(4), 4)).toBe(EMOJI.repeat(4));
  });

  it('never splits a surrogate pair and stops exactly at the limit', () => {
    expect(clipText(EMOJI.repeat(5), 4)).toBe(EMOJI.repeat(4));
    expect(clipText(`a${FLAG}`, 2)).toBe('a\u{1F1EB}');
    expect(measureText(clipText(FAMILY.repeat(3), 7))).toBe(7);
  });
});

describe('text()', () => {
  const Name = text('Name', { min: 1, max: 4 });

  it('agrees with clipText: what the form keeps, the schema accepts', () => {
    for (const typed of [EMOJI.repeat(9), FLAG.repeat(3), FAMILY, E_COMBINING.repeat(9)]) {
      expect(Name.safeParse(clipText(typed, 4)).success).toBe(true);
      expect(messageOf(Name, typed)).toBe('Name must be at most 4 characters');
    }
  });

  it('normalises to NFC, folds CR LF and trims', () => {
    expect(Name.parse(` ${E_COMBINING}\r\nb `)).toBe('\u00e9\nb');
  });

  it.each([
    ['a\u0000b', 'Name contains a NUL character'],
    ['\udc00\udc00', 'Name contains broken Unicode (a lone surrogate)'],
    ['a\ud83d', 'Name contains broken Unicode (a lone surrogate)'],
    ['a\u0007', 'Name contains a control character (only line breaks and tabs are allowed)'],
    ['a\u009b', 'Name contains a control character (only line breaks and tabs are allowed)'],
  ])('refuses %j with a message naming the field', (value, message) => {
    expect(messageOf(Name, value)).toBe(message);
  });

  it('refuses lone surrogates that came through JSON', () => {
    const decoded = JSON.parse('{"name":"\\udc00"}').name;
    expect(messageOf(Name, decoded)).toMatch(/lone surrogate/);
  });

  it('keeps newlines and tabs', () => {
    expect(Name.parse('a\n\tb')).toBe('a\n\tb');
  });

  it('asks for required text and refuses non-strings', () => {
    expect(messageOf(Name, '   ')).toBe('Name is required');
    expect(messageOf(Name, undefined)).toBe('Name is required');
    expect(messageOf(Name, 42)).toBe('Name is required');
    expect(messageOf(text('Bio', { max: 4 }), 42)).toBe('Bio must be text');
  });

  it('counts minimums the same way', () => {
    const Answer = text('Answer', { min: 3, max: 10, minMessage: 'Too short' });
    expect(messageOf(Answer, `${EMOJI}${EMOJI}`)).toBe('Too short');
    expect(Answer.parse(FLAG + EMOJI)).toBe(FLAG + EMOJI);
  });
});
