import { describe, expect, it } from 'vitest';
import {
  ApplicationRecordSchema,
  DesignerAnswersSchema,
  ModeratorAnswersSchema,
  readApplicationRecord,
  splitApplication,
} from './record';
import { type Application, ApplicationSchema } from './schema';

const moderator = ApplicationSchema.parse({
  type: 'moderator',
  robloxUsername: ' LunarFan ',
  discordUsername: 'lunar.fan',
  age: 15,
  activityLevel: 10,
  whyChooseYou: 'w'.repeat(100),
  scenarioOne: 'a'.repeat(50),
  scenarioTwo: 'b'.repeat(50),
  scenarioThree: 'c'.repeat(50),
  scenarioFour: 'd 😀 '.repeat(20),
  agreeTerms: true,
});
const designer = ApplicationSchema.parse({
  type: 'designer',
  robloxUsername: 'Pixel',
  discordUsername: 'pixel',
  age: 16,
  activityLevel: 7,
  designStyle: 'Minimal',
  agreeTerms: true,
});

/** What the repository hands the schema: columns, the jsonb document as stored, images. */
function stored(application: Application) {
  const { answers, ...columns } = splitApplication(application);
  return {
    id: 5,
    status: 'pending',
    submittedAt: new Date('2024-05-01T10:00:00.123Z'),
    decision: null,
    ...columns,
    // jsonb keeps JSON: whatever the document holds must survive a JSON round trip.
    answers: JSON.parse(JSON.stringify(answers)),
    images: [],
  };
}

describe('the answers document', () => {
  it.each([moderator, designer])('round-trips a $type application unchanged', (application) => {
    const record = readApplicationRecord(stored(application));
    const { answers, type, robloxUsername, discordUsername } = record;
    expect({ type, robloxUsername, discordUsername, ...answers }).toEqual(application);
  });

  it('keeps the filtered columns out of the document and the other form out of it', () => {
    const { answers } = splitApplication(designer);
    expect(Object.keys(answers).sort()).toEqual(
      [
        'activityLevel',
        'additionalInfo',
        'age',
        'agreeTerms',
        'designChallenges',
        'designProcess',
        'designStyle',
        'questionsBenefits',
        'questionsForUs',
        'tools',
      ].sort(),
    );
    expect(ModeratorAnswersSchema.safeParse(answers).success).toBe(false);
    expect(DesignerAnswersSchema.parse(answers)).toEqual(answers);
  });

  it('reads an absent optional answer as empty, like the form sends it', () => {
    const { additionalInfo: _left, ...answers } = splitApplication(moderator).answers;
    const record = readApplicationRecord({ ...stored(moderator), answers });
    expect(record.answers.additionalInfo).toBe('');
  });

  it('refuses a document that does not fit its type, naming the application', () => {
    const answers: Record<string, unknown> = { ...splitApplication(moderator).answers };
    delete answers.scenarioOne;
    expect(() => readApplicationRecord({ ...stored(moderator), answers })).toThrow(
      /application 5 .*answers\.scenarioOne/,
    );
    expect(() => readApplicationRecord({ ...stored(designer), type: 'moderator' })).toThrow(
      /application 5/,
    );
  });

  it('is the same record after a trip through JSON (the dashboard API)', () => {
    const record = readApplicationRecord({
      ...stored(designer),
      status: 'accepted',
      decision: {
        status: 'accepted',
        reviewerId: '42',
        reviewerName: 'Ada',
        decidedAt: new Date('2024-05-02T08:00:00.000Z'),
      },
      images: [{ id: 1, position: 0, filename: 'a.png', contentType: 'image/png', byteSize: 9 }],
    });
    expect(ApplicationRecordSchema.parse(JSON.parse(JSON.stringify(record)))).toEqual(record);
  });
});
