import { describe, expect, it } from 'vitest';
import { endsInEscape, escapeMarkdown } from './markdown';

// Discord drops a backslash before any ASCII punctuation and shows the character itself.
const shown = (escaped: string) => escaped.replace(/\\([^0-9A-Za-z\s])/g, '$1');

describe('escapeMarkdown', () => {
  it.each([
    'a__b__c',
    '||spoiler||',
    '# not a heading',
    '> not a quote',
    '- not a list',
    '1. not a list',
    '`code` and ```block```',
    '**bold** *it* ~~strike~~',
    '[masked](https://example.com)',
    '<@123456789012345678> <:emoji:123> <t:0:f>',
    'back\\slash \\*',
    'plain text, with commas; and emoji 🌙',
  ])('shows %j exactly as typed', (text) => {
    const escaped = escapeMarkdown(text);
    expect(shown(escaped)).toBe(text);
    // No inline markdown character is left unescaped, and no line starts a heading/list/quote.
    const bare = escaped.replace(/\\[^0-9A-Za-z\s]/g, '');
    expect(bare).not.toMatch(/[*_~`|[\]<>\\]/);
    expect(escaped).not.toMatch(/^\s*([#>+-]|\d+\.)/m);
  });
});

describe('endsInEscape', () => {
  it('counts the backslashes at the end', () => {
    expect(endsInEscape('a\\')).toBe(true);
    expect(endsInEscape('a\\\\')).toBe(false);
    expect(endsInEscape('a\\\\\\')).toBe(true);
    expect(endsInEscape('a')).toBe(false);
  });
});
