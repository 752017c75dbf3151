import { describe, expect, it } from 'vitest';
import { isPersonMessage } from './replies';

const person = { authorIsBot: false, authorIsSystem: false, webhookId: null, type: 0 };

describe('whose message is a reply', () => {
  it('counts a person’s message and their reply to a message', () => {
    expect(isPersonMessage(person)).toBe(true);
    expect(isPersonMessage({ ...person, type: 19 })).toBe(true);
  });

  it('passes over bots (Lunar’s own posts), webhooks and Discord’s notices', () => {
    expect(isPersonMessage({ ...person, authorIsBot: true })).toBe(false);
    expect(isPersonMessage({ ...person, webhookId: '100000000000000001' })).toBe(false);
    expect(isPersonMessage({ ...person, authorIsSystem: true })).toBe(false);
    // 6: a message was pinned; 7: a member joined; 20: a slash command's reply.
    for (const type of [6, 7, 20]) expect(isPersonMessage({ ...person, type })).toBe(false);
  });
});
