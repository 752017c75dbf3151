import { describe, expect, it } from 'vitest';
import { countEmbedChars, findLimitViolations, measureDiscordText } from './limits';

describe('discord limits', () => {
  it('counts the embed parts Discord counts, emoji conservatively as 2', () => {
    expect(measureDiscordText('😀')).toBe(2);
    expect(measureDiscordText('漢字')).toBe(2);
    const embed = {
      title: 'abc',
      description: 'de',
      url: 'https://not.counted',
      fields: [{ name: 'f', value: 'gh' }],
      footer: { text: 'ij' },
      author: { name: 'k' },
    };
    expect(countEmbedChars(embed)).toBe(11);
  });

  it('reports each violation', () => {
    const field = { name: 'n', value: 'v' };
    const problems = findLimitViolations({
      content: 'c'.repeat(2001),
      embeds: [
        { title: 't'.repeat(257), fields: Array.from({ length: 26 }, () => field) },
        {
          fields: [
            { name: 'x', value: 'v'.repeat(1025) },
            { name: ' ', value: '' },
          ],
        },
        ...Array.from({ length: 9 }, () => ({ description: 'd'.repeat(700) })),
      ],
      attachments: Array.from({ length: 11 }, (_, i) => ({
        kind: 'text' as const,
        filename: `f${i}.txt`,
        contentType: 'text/plain; charset=utf-8' as const,
        text: '',
      })),
      nonce: 'n'.repeat(26),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'content is longer than 2000',
        'too many embeds',
        'embeds exceed 6000 characters in total',
        'embed 0 title is longer than 256',
        'embed 0 has more than 25 fields',
        'embed 1 field 0 value is longer than 1024',
        'embed 1 field 1 name is blank',
        'embed 1 field 1 value is blank',
        'too many attachments',
        'nonce too long',
      ]),
    );
  });

  it('accepts a plain message', () => {
    expect(
      findLimitViolations({ embeds: [{ title: 'ok', fields: [{ name: 'a', value: 'b' }] }] }),
    ).toEqual([]);
  });
});
