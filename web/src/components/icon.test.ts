import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../../core/site/icons';
import { UI_ICON_NAMES } from './icon';

const sprite = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8');
const symbols = [
  ...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24"><path d="[^"]+"\/><\/symbol>/g),
].map((match) => match[1]);

describe('the icon sprite', () => {
  it('draws every content icon and interface glyph, each once', () => {
    expect(new Set(symbols).size).toBe(symbols.length);
    expect([...symbols].sort()).toEqual([...ICON_NAMES, ...UI_ICON_NAMES].sort());
  });
});
