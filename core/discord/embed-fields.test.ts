import { describe, expect, it } from 'vitest';
import { type EmbedItem, layoutEmbedFields, splitText } from './embed-fields';
import { findLimitViolations } from './limits';

describe('splitText', () => {
  it('returns pieces within the limit that join back to the input', () => {
    const text = 'word '.repeat(500);
    const pieces = splitText(text, 1024);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((p) => p.length <= 1024)).toBe(true);
    expect(pieces[0]?.endsWith(' ')).toBe(true); // broke at a space, not mid-word
  });

  it('never splits a surrogate pair', () => {
    const text = `a${'😀'.repeat(600)}`; // the pair straddles unit 1024
    const pieces = splitText(text, 1024);
    expect(pieces.join('')).toBe(text);
    expect(pieces[0]).toHaveLength(1023);
    for (const p of pieces) expect(p).not.toMatch(/\p{Cs}/u);
  });

  it('prefers a newline in the second half', () => {
    const text = `${'a'.repeat(700)}\n${'b'.repeat(700)}`;
    expect(splitText(text, 1024)).toEqual([`${'a'.repeat(700)}\n`, 'b'.repeat(700)]);
  });

  it('leaves short text whole and empty text empty', () => {
    expect(splitText('hi', 1024)).toEqual(['hi']);
    expect(splitText('', 1024)).toEqual([]);
  });
});

describe('layoutEmbedFields', () => {
  const head = { title: 'T', color: 1 };

  it('packs many fields into several embeds of at most 25', () => {
    const items: EmbedItem[] = Array.from({ length: 60 }, (_, i) => ({
      kind: 'field',
      name: `F${i}`,
      value: `v${i}`,
    }));
    const { embeds } = layoutEmbedFields({
      head,
      items,
      maxTextFiles: 10,
      combinedFileName: 'a.txt',
    });
    expect(embeds.map((e) => e.fields?.length)).toEqual([25, 25, 10]);
    expect(embeds[1]).toEqual({ color: 1, fields: expect.any(Array) });
    expect(findLimitViolations({ embeds })).toEqual([]);
  });

  it('does not leave a heading last in an embed', () => {
    const items: EmbedItem[] = [
      ...Array.from(
        { length: 24 },
        (_, i): EmbedItem => ({ kind: 'field', name: `F${i}`, value: 'v' }),
      ),
      { kind: 'heading', name: 'Next section' },
      { kind: 'field', name: 'G', value: 'v' },
    ];
    const { embeds } = layoutEmbedFields({
      head,
      items,
      maxTextFiles: 10,
      combinedFileName: 'a.txt',
    });
    expect(embeds[1]?.fields?.[0]?.name).toBe('Next section');
  });

  it('attaches an answer made of whitespace runs Discord would reject as blank fields', () => {
    const value = `start${' '.repeat(3000)}end`;
    const { embeds, files } = layoutEmbedFields({
      head,
      items: [{ kind: 'field', name: 'A', value, file: 'a.txt' }],
      maxTextFiles: 10,
      combinedFileName: 'all.txt',
    });
    expect(embeds[0]?.fields).toEqual([{ name: 'A', value: 'Full answer attached as a.txt' }]);
    expect(files[0]?.text).toBe(value);
  });

  it('refuses content it is not allowed to move rather than truncating it', () => {
    const items: EmbedItem[] = [{ kind: 'field', name: 'A', value: 'x'.repeat(7000) }];
    expect(() =>
      layoutEmbedFields({ head, items, maxTextFiles: 1, combinedFileName: 'a.txt' }),
    ).toThrow('exceeds Discord limits');
  });
});

describe('escaped user text split across fields', () => {
  it('never ends a piece on a backslash that escapes the next piece', () => {
    // 1023 plain characters then escaped underscores: a cut at 1024 would fall after a '\'.
    const value = `${'a'.repeat(1023)}${'_'.repeat(600)}`;
    const { embeds } = layoutEmbedFields({
      head: { title: 'T' },
      items: [{ kind: 'field', name: 'Answer', value }],
      maxTextFiles: 1,
      combinedFileName: 'all.txt',
    });
    const pieces = (embeds[0]?.fields ?? []).map((field) => field.value);
    for (const piece of pieces) expect(piece.endsWith('\\') && !piece.endsWith('\\_')).toBe(false);
    expect(pieces.join('').replace(/\\(.)/g, '$1')).toBe(value);
  });
});
