import { describe, expect, it } from 'vitest';
import { messageContentWarning } from './intent';

describe('messageContentWarning', () => {
  it('warns only when neither Message Content flag is on', () => {
    expect(messageContentWarning(0)).toMatch(/Message Content intent is off/);
    expect(messageContentWarning(1 << 23)).toMatch(/Message Content intent is off/);
    expect(messageContentWarning(1 << 18)).toBeNull();
    expect(messageContentWarning(1 << 19)).toBeNull();
  });
});
