import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from './escape-markdown';

describe('escapeMarkdown', () => {
  it.each([
    ['**bold** and __underline__', '\\*\\*bold\\*\\* and \\_\\_underline\\_\\_'],
    ['~~strike~~ ||spoiler|| `code`', '\\~\\~strike\\~\\~ \\|\\|spoiler\\|\\| \\`code\\`'],
    ['[free robux](https://evil.example)', '\\[free robux\\]\\(https://evil.example\\)'],
    ['<@123> <@&456> <#789> <t:0:R>', '\\<@123\\> \\<@&456\\> \\<\\#789\\> \\<t:0:R\\>'],
    ['# Heading\n> quote\n- item\n-# small', '\\# Heading\n\\> quote\n\\- item\n\\-\\# small'],
    ['1. first\n  22. second', '1\\. first\n  22\\. second'],
    ['a \\* b', 'a \\\\\\* b'],
    ['Plain text, 100% fine! 😀 素晴らしい', 'Plain text, 100% fine! 😀 素晴らしい'],
    ['', ''],
  ])('escapes %j', (input, output) => {
    expect(escapeMarkdown(input)).toBe(output);
  });

  it('never more than doubles the length', () => {
    const worst = '\\*_~`|<>#-[]()'.repeat(10);
    expect(escapeMarkdown(worst)).toHaveLength(worst.length * 2);
  });

  it('leaves @everyone as text; allowed_mentions is what stops the ping', () => {
    expect(escapeMarkdown('@everyone')).toBe('@everyone');
  });
});
