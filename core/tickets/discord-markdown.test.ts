import { describe, expect, it } from 'vitest';
import { mentionedIds, parseDiscordMarkdown } from './discord-markdown';

const names = (id: string) => (id === '500000000000000005' ? 'designer_dora' : undefined);
const plain = (text: string) =>
  parseDiscordMarkdown(text, names)
    .map((piece) => piece.text)
    .join('');

describe('Discord markdown in transcripts', () => {
  it('shows mentions by name, and an unknown one by its id', () => {
    expect(plain('Thanks <@500000000000000005>!')).toBe('Thanks @designer_dora!');
    expect(plain('Hi <@!500000000000000009>')).toBe('Hi @500000000000000009');
    expect(mentionedIds('<@500000000000000005> and <@!500000000000000009>')).toEqual([
      '500000000000000005',
      '500000000000000009',
    ]);
  });

  it('drops the escapes Discord drops, keeping the characters as text', () => {
    expect(plain('sammetrorp\\_RBX')).toBe('sammetrorp_RBX');
    expect(plain('\\<b\\>')).toBe('<b>');
  });

  it('styles bold, italics, underline, strikethrough and code, never as markup', () => {
    expect(parseDiscordMarkdown('a **bold** and *it* `<b>x</b>`', names)).toEqual([
      { kind: 'text', text: 'a ', styles: [] },
      { kind: 'text', text: 'bold', styles: ['bold'] },
      { kind: 'text', text: ' and ', styles: [] },
      { kind: 'text', text: 'it', styles: ['italic'] },
      { kind: 'text', text: ' ', styles: [] },
      { kind: 'text', text: '<b>x</b>', styles: ['code'] },
    ]);
    expect(parseDiscordMarkdown('__u__ ~~s~~', names).map((piece) => piece.styles)).toEqual([
      ['underline'],
      [],
      ['strike'],
    ]);
  });

  it('leaves a lone marker as it is', () => {
    expect(plain('2 * 3 = 6 and snake_case')).toBe('2 * 3 = 6 and snake_case');
  });

  it('hides ids where customers read, and links bare http(s) addresses only', () => {
    const pieces = parseDiscordMarkdown('<@500000000000000009> <#500000000000000001>', names, {
      showIds: false,
    });
    expect(pieces.map((piece) => piece.text).join('')).toBe('@unknown member #channel');
    expect(parseDiscordMarkdown('go to https://lunar.test/a.', names)).toEqual([
      { kind: 'text', text: 'go to ', styles: [] },
      { kind: 'link', text: 'https://lunar.test/a', href: 'https://lunar.test/a', styles: [] },
      { kind: 'text', text: '.', styles: [] },
    ]);
    expect(plain('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});
