import { describe, expect, it } from 'vitest';
import { findLimitViolations } from '../discord/limits';
import type { DiscordMessagePayload } from '../discord/payload';
import { buildApplicationMessage } from './discord-message';
import type { ApplicationDecision, ApplicationRecord } from './record';

// The decision edit does not upload files again, so deciding must not change what is attached.
const decision: ApplicationDecision = {
  status: 'accepted',
  reviewerId: '123456789012345678',
  reviewerName: 'Ada',
  decidedAt: new Date('2026-03-02T09:30:00.000Z'),
};

function moderator(answerLength: number): ApplicationRecord {
  return {
    id: 41,
    submittedAt: new Date('2026-03-01T12:00:00.000Z'),
    status: 'pending',
    decision: null,
    type: 'moderator',
    robloxUsername: 'LunarFan',
    discordUsername: 'lunar.fan',
    images: [],
    answers: {
      age: 15,
      activityLevel: 10,
      otherServers: 'o'.repeat(900),
      whyChooseYou: 'w'.repeat(900),
      scenarioOne: 'a'.repeat(900),
      scenarioTwo: 'b'.repeat(900),
      scenarioThree: 'c'.repeat(900),
      scenarioFour: 'd'.repeat(answerLength),
      questionsForUs: '',
      questionsBenefits: '',
      additionalInfo: '',
      agreeTerms: true,
    },
  };
}

const attached = (payload: DiscordMessagePayload) =>
  (payload.attachments ?? []).map((file) => ({
    name: file.filename,
    text: file.kind === 'text' ? file.text : undefined,
  }));

describe('buildApplicationMessage with a decision', () => {
  it('attaches the same files as the undecided message, right at the edge of the limits', () => {
    // The answer length where the undecided message first needs a .txt; the Decision field's
    // ~60 characters would tip answers just below it over the edge.
    const edge = Array.from({ length: 1500 }, (_, n) => n).find(
      (n) => (buildApplicationMessage(moderator(n)).attachments ?? []).length > 0,
    );
    expect(edge).toBeGreaterThan(100);
    for (let n = (edge ?? 0) - 100; n <= (edge ?? 0) + 5; n++) {
      const before = buildApplicationMessage(moderator(n));
      const after = buildApplicationMessage(moderator(n), { decision });
      expect({ n, files: attached(after) }).toEqual({ n, files: attached(before) });
      expect(findLimitViolations(after)).toEqual([]);
    }
  });

  it('shows the decision first and leaves it out while undecided', () => {
    const before = buildApplicationMessage(moderator(10));
    const after = buildApplicationMessage(moderator(10), { decision });
    expect(before.embeds[0]?.fields?.some((field) => field.name === 'Decision')).toBe(false);
    expect(after.embeds[0]?.fields?.[0]).toEqual({
      name: 'Decision',
      value: 'Accepted by <@123456789012345678> at <t:1772443800:f>',
    });
    expect(after.embeds[0]?.fields?.slice(1)).toEqual(before.embeds[0]?.fields);
  });
});
