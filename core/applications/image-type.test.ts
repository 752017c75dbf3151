import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  );

// Headers of real files (the first bytes of a 1×1 image of each type).
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]);
const GIF = bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');

describe('detectImageType', () => {
  it.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [GIF, 'image/gif'],
    [bytes('GIF87a', [1, 0]), 'image/gif'],
    [WEBP, 'image/webp'],
  ])('recognises %#', (input, type) => {
    expect(detectImageType(input)).toBe(type);
  });

  it('rejects text, a renamed file, a RIFF that is not WebP and truncated headers', () => {
    expect(detectImageType(new TextEncoder().encode('hello, this is photo.png'))).toBeNull();
    expect(detectImageType(bytes('%PDF-1.7\n'))).toBeNull();
    expect(detectImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(detectImageType(PNG.slice(0, 7))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
