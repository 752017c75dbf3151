import { describe, expect, it } from 'vitest';
import { getInitials, renderAvatarSvg, renderBannerSvg } from './avatar';

// Minimal well-formedness check: every tag closes in order and attributes are quoted.
function expectWellFormedSvg(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name as string);
  }
  expect(stack).toEqual([]);
  // No '<' outside the tags matched above.
  const stripped = svg.replace(/<\/?[a-zA-Z]+(?:\s+[\w:-]+="[^"<>]*")*\s*\/?>/g, '');
  expect(stripped).not.toContain('<');
  expect(stripped).not.toContain('>');
}

describe('renderAvatarSvg', () => {
  it('draws initials on a coloured circle', () => {
    const svg = renderAvatarSvg('Nova Star', 'novadev');
    expectWellFormedSvg(svg);
    expect(svg).toContain('>NS</text>');
    expect(svg).toMatch(/<circle [^>]*fill="#[0-9a-f]{6}"/);
  });

  it('is deterministic per seed', () => {
    expect(renderAvatarSvg('Ash', 'ashgfx')).toBe(renderAvatarSvg('Ash', 'ashgfx'));
  });

  it('escapes names so markup cannot be injected', () => {
    const svg = renderAvatarSvg('<script>alert("x")</script> & "Bob"', 'evil');
    expectWellFormedSvg(svg);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp;');
  });

  it('takes up to two letters or digits', () => {
    expect(getInitials('ash')).toBe('AS');
    expect(getInitials('  ')).toBe('?');
    expect(getInitials('<b> Rook')).toBe('BR');
  });
});

describe('renderBannerSvg', () => {
  it('is a well-formed deterministic gradient', () => {
    const svg = renderBannerSvg('3');
    expectWellFormedSvg(svg);
    expect(svg).toContain('<linearGradient');
    expect(renderBannerSvg('3')).toBe(svg);
    expect(renderBannerSvg('4')).not.toBe(svg);
  });
});
