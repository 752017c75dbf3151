import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Constant-time comparison: hashing first gives both sides the same length, so neither the
 * comparison nor a length check reveals how much of a guess was right.
 */
export function isPasscodeCorrect(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
