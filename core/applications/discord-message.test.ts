import { describe, expect, it } from 'vitest';
import { DISCORD_LIMITS, findLimitViolations } from '../discord/limits';
import type { DiscordMessagePayload } from '../discord/payload';
import { buildApplicationMessage, parseApplicationButtonId } from './discord-message';
import { type ApplicationRecord, splitApplication } from './record';
import type { Application, ApplicationField } from './schema';
import { APPLICATION_FIELD_LABELS } from './steps';

const submittedAt = new Date('2026-03-01T12:00:00.000Z');
/** Up to `n` UTF-16 units of repeated `unit`, never ending in half an emoji. */
function text(n: number, unit = 'x'): string {
  let out = '';
  for (const char of unit.repeat(Math.ceil(n / unit.length))) {
    if (out.length + char.length > n) break;
    out += char;
  }
  return out;
}

/** A stored application, as the repository reads it back, from the form's flat answers. */
function toRecord({ id, submittedAt, images = [], ...form }: Record<string, unknown>) {
  const { answers, ...columns } = splitApplication(form as Application);
  return {
    id,
    submittedAt,
    status: 'pending',
    decision: null,
    ...columns,
    answers,
    images,
  } as ApplicationRecord;
}

function moderator(overrides: Partial<Record<string, unknown>> = {}): ApplicationRecord {
  return toRecord({
    id: 7,
    submittedAt,
    type: 'moderator',
    robloxUsername: 'LunarFan',
    discordUsername: 'lunar.fan',
    age: 15,
    activityLevel: 10,
    otherServers: 'Two ERLC servers',
    whyChooseYou: text(120, 'Because '),
    scenarioOne: text(60, 'calm '),
    scenarioTwo: text(60, 'warn '),
    scenarioThree: text(60, 'ticket '),
    scenarioFour: text(60, 'mute '),
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: '',
    agreeTerms: true,
    ...overrides,
  });
}

function designer(overrides: Partial<Record<string, unknown>> = {}): ApplicationRecord {
  return toRecord({
    id: 9,
    submittedAt,
    type: 'designer',
    robloxUsername: 'Pixel',
    discordUsername: 'pixel',
    age: 16,
    activityLevel: 7,
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: '',
    designStyle: 'Minimal',
    tools: 'Photoshop',
    designProcess: '',
    designChallenges: '',
    agreeTerms: true,
    ...overrides,
  });
}

const images = (n: number, byteSize = 200_000) =>
  Array.from({ length: n }, (_, i) => ({
    id: 100 + i,
    position: i,
    filename: `my photo ${i}.PNG`,
    contentType: 'image/png' as const,
    byteSize,
  }));
const MiB = 1024 * 1024;

const allFields = (p: DiscordMessagePayload) => p.embeds.flatMap((e) => e.fields ?? []);

/** Rebuilds one answer from the message alone: split fields, its own file or answers.txt. */
function reassemble(p: DiscordMessagePayload, field: ApplicationField): string {
  const label = APPLICATION_FIELD_LABELS[field];
  const parts = allFields(p).filter((f) => f.name === label || f.name === `${label} (cont.)`);
  const first = parts[0]?.value ?? '';
  const files = p.attachments ?? [];
  const own = /^Full answer attached as (.+)$/.exec(first);
  if (own) {
    const file = files.find((a) => a.filename === own[1]);
    return file?.kind === 'text' ? file.text : '<missing file>';
  }
  if (first === 'Full answer attached in answers.txt') {
    const file = files.find((a) => a.filename === 'answers.txt');
    const all = file?.kind === 'text' ? file.text : '';
    const start = all.indexOf(`=== ${label} ===\n\n`) + `=== ${label} ===\n\n`.length;
    const end = all.indexOf('\n\n=== ', start);
    return all.slice(start, end === -1 ? all.length - 1 : end);
  }
  const joined = parts.map((f) => f.value).join('');
  return joined === '—' ? '' : joined;
}

const MODERATOR_ANSWERS: ApplicationField[] = [
  'scenarioOne',
  'scenarioTwo',
  'scenarioThree',
  'scenarioFour',
  'otherServers',
  'whyChooseYou',
  'questionsForUs',
  'questionsBenefits',
  'additionalInfo',
];
const DESIGNER_ANSWERS: ApplicationField[] = [
  'questionsForUs',
  'questionsBenefits',
  'additionalInfo',
  'designStyle',
  'tools',
  'designProcess',
  'designChallenges',
];

function expectComplete(p: DiscordMessagePayload, app: ApplicationRecord) {
  expect(findLimitViolations(p)).toEqual([]);
  const answers = app.type === 'moderator' ? MODERATOR_ANSWERS : DESIGNER_ANSWERS;
  const stored = app.answers as unknown as Record<string, string>;
  for (const field of answers) expect(reassemble(p, field)).toBe(stored[field]);
}

describe('buildApplicationMessage', () => {
  it('lays out a short moderator application in one embed, in the spec order', () => {
    const p = buildApplicationMessage(moderator());
    expect(p.embeds).toHaveLength(1);
    const embed = p.embeds[0];
    expect(embed).toMatchObject({
      title: 'New Moderator Application',
      color: 0x5865f2,
      timestamp: '2026-03-01T12:00:00.000Z',
      footer: { text: 'Application MOD-000007' },
    });
    expect(allFields(p).map((f) => f.name)).toEqual([
      'Personal Information',
      'Roblox Username',
      'Discord Username',
      'Age',
      'Activity Level',
      'Scenario Responses',
      'Scenario 1: Member Arguments',
      'Scenario 2: Rule Violations',
      'Scenario 3: Payment Issues',
      'Scenario 4: Toxic Behavior',
      'General Questions',
      'Other Servers You Moderate',
      'Why Should We Choose You?',
      'Questions for Us',
      'Questions About the Community',
      'Questions About Benefits and Rules',
      'Additional Information',
    ]);
    expect(allFields(p).find((f) => f.name === 'Age')).toEqual({
      name: 'Age',
      value: '15',
      inline: true,
    });
    expect(allFields(p).find((f) => f.name === 'Additional Information')?.value).toBe('—');
    expect(p.attachments).toEqual([]);
    expect(p.allowed_mentions).toEqual({ parse: [] });
    expect(p.components).toEqual([
      {
        type: 1,
        components: [
          {
            type: 2,
            style: 3,
            label: 'Accept',
            custom_id: 'application:accept:7',
            disabled: false,
          },
          {
            type: 2,
            style: 4,
            label: 'Reject',
            custom_id: 'application:reject:7',
            disabled: false,
          },
        ],
      },
    ]);
    expectComplete(p, moderator());
  });

  it('adds the Designer Information group for designers and no moderator groups', () => {
    const p = buildApplicationMessage(designer());
    const names = allFields(p).map((f) => f.name);
    expect(p.embeds[0]?.title).toBe('New Designer Application');
    expect(p.embeds[0]?.color).toBe(0xb19cd9);
    expect(names).toContain('Designer Information');
    expect(names).not.toContain('Scenario Responses');
    expect(names.slice(-5)).toEqual([
      'Designer Information',
      'Design Style',
      'Design Tools',
      'Design Process',
      'Design Challenges',
    ]);
  });

  it('shows a decision, recolours and disables the buttons', () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const p = buildApplicationMessage(moderator(), {
      decision: {
        status: 'rejected',
        reviewerId: '123456789012345678',
        reviewerName: 'Ada',
        decidedAt: at,
      },
    });
    expect(allFields(p)[0]).toEqual({
      name: 'Decision',
      value: `Rejected by <@123456789012345678> at <t:${at.getTime() / 1000}:f>`,
    });
    expect(p.embeds[0]?.color).toBe(0xed4245);
    expect(p.components?.[0]?.components.every((b) => b.disabled)).toBe(true);
  });

  it('splits an answer over 1024 characters across consecutive fields', () => {
    const app = moderator({ whyChooseYou: text(2500, 'I am patient. ') });
    const p = buildApplicationMessage(app);
    const names = allFields(p).map((f) => f.name);
    const i = names.indexOf('Why Should We Choose You?');
    expect(names.slice(i, i + 4)).toEqual([
      'Why Should We Choose You?',
      'Why Should We Choose You? (cont.)',
      'Why Should We Choose You? (cont.)',
      'Questions for Us',
    ]);
    expectComplete(p, app);
  });

  it('attaches a 20,000-character answer as a text file', () => {
    const app = moderator({ scenarioOne: text(20_000, 'The member was rude. ') });
    const p = buildApplicationMessage(app);
    expect(allFields(p).find((f) => f.name === 'Scenario 1: Member Arguments')?.value).toBe(
      'Full answer attached as scenario-one.txt',
    );
    expect(p.attachments?.[0]).toMatchObject({ kind: 'text', filename: 'scenario-one.txt' });
    expectComplete(p, app);
  });

  it.each([
    ['emoji', '😀👍🏽👨‍👩‍👧 '],
    ['CJK', '漢字かなカナ한국어。'],
    ['mixed with newlines', 'Hello\n😀 世界\n\n'],
  ])('keeps every character of maximum-length %s answers within the limits', (_, unit) => {
    const overrides = Object.fromEntries(MODERATOR_ANSWERS.map((f) => [f, text(4000, unit)]));
    const app = moderator(overrides);
    const p = buildApplicationMessage(app);
    expect((p.attachments ?? []).length).toBeLessThanOrEqual(10);
    expectComplete(p, app);
  });

  it('attaches portfolio images with safe names and shows the first in the embed', () => {
    const p = buildApplicationMessage(designer({ images: images(10) }));
    expect(p.attachments).toHaveLength(10);
    expect(p.attachments?.[0]).toEqual({
      kind: 'stored',
      filename: 'portfolio-1.png',
      description: 'Portfolio image 1',
      contentType: 'image/png',
      fileId: '100',
      byteSize: 200_000,
    });
    expect(p.embeds[0]?.image).toEqual({ url: 'attachment://portfolio-1.png' });
    expect(p.content).toBeUndefined();
  });

  it('keeps all text and says so when 10 images and long answers exceed 10 files', () => {
    const overrides = Object.fromEntries(DESIGNER_ANSWERS.map((f) => [f, text(4000, 'design ')]));
    const app = designer({ ...overrides, images: images(10) });
    const p = buildApplicationMessage(app);
    const files = p.attachments ?? [];
    expect(files).toHaveLength(10);
    expect(files.filter((a) => a.kind === 'text').map((a) => a.filename)).toEqual(['answers.txt']);
    expect(p.content).toBe(
      '9 of 10 portfolio images are attached: Discord allows 10 files per message and the long ' +
        'answers use the rest. All images are stored with the application on the website (staff dashboard).',
    );
    expectComplete(p, app);
  });

  it('attaches only the images that fit the upload budget and names the rest', () => {
    // Ten images just under the server's 5 MB cap: about 47 MiB, where Discord takes 25.
    const app = designer({ images: images(10, 4_900_000) });
    const p = buildApplicationMessage(app, { siteUrl: 'https://lunar.gg/' });
    const stored = (p.attachments ?? []).filter((a) => a.kind === 'stored');
    expect(stored.map((a) => a.filename)).toEqual([1, 2, 3, 4, 5].map((n) => `portfolio-${n}.png`));
    expect(p.content).toBe(
      '5 of 10 portfolio images are attached: Discord takes at most 24 MiB of files per ' +
        'message. All images are stored with the application: https://lunar.gg/dashboard/applications/9',
    );
    expect(p.embeds[0]?.image).toEqual({ url: 'attachment://portfolio-1.png' });
    expectComplete(p, app);
  });

  it('counts the generated text files against the upload budget too', () => {
    const overrides = Object.fromEntries(DESIGNER_ANSWERS.map((f) => [f, text(4000, '漢')]));
    const textOnly = buildApplicationMessage(designer(overrides));
    const textBytes = (textOnly.attachments ?? []).reduce(
      (sum, a) => sum + (a.kind === 'text' ? Buffer.byteLength(a.text) : 0),
      0,
    );
    expect(textBytes).toBeGreaterThan(10_000);
    // Three images that fill the budget exactly when there is no text, so one must go.
    const third = DISCORD_LIMITS.uploadBytes / 3;
    const app = designer({ ...overrides, images: images(3, third) });
    const p = buildApplicationMessage(app);
    expect((p.attachments ?? []).filter((a) => a.kind === 'stored')).toHaveLength(2);
    expect(p.content).toMatch(/^2 of 3 portfolio images are attached/);
    expect(buildApplicationMessage(designer({ images: images(3, third) })).content).toBe(undefined);
    expectComplete(p, app);
  });

  it('shows no embed image when not even the first image fits', () => {
    const p = buildApplicationMessage(designer({ images: images(1, 11 * MiB) }));
    expect(p.attachments).toEqual([]);
    expect(p.embeds[0]?.image).toBeUndefined();
    expect(p.content).toMatch(/^0 of 1 portfolio images are attached/);
  });

  it('survives random applications (seeded)', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const seen = { split: 0, ownFile: 0, answersFile: 0, imagesLeftOut: 0 };
    const units = ['a', 'word ', '😀', '漢', '\n', 'é', '👩‍💻 '];
    const answer = () => {
      const length = random() < 0.3 ? 0 : Math.floor(random() * 4001);
      const unit = units[Math.floor(random() * units.length)] ?? 'a';
      return text(length, unit).trim();
    };
    for (let run = 0; run < 150; run++) {
      const isModerator = random() < 0.5;
      const fields = isModerator ? MODERATOR_ANSWERS : DESIGNER_ANSWERS;
      const overrides: Record<string, unknown> = Object.fromEntries(
        fields.map((f) => [f, answer()]),
      );
      if (!isModerator) {
        overrides.images = images(Math.floor(random() * 11), Math.floor(random() * 5 * MiB));
      }
      const app = isModerator ? moderator(overrides) : designer(overrides);
      const decision =
        random() < 0.5
          ? {
              status: 'accepted' as const,
              reviewerId: '1',
              reviewerName: 'Ada',
              decidedAt: submittedAt,
            }
          : undefined;
      const p = buildApplicationMessage(app, { decision });
      expectComplete(p, app);
      const stored = (p.attachments ?? []).filter((a) => a.kind === 'stored').length;
      const wanted = app.images.length;
      if (stored < wanted) expect(p.content).toContain(`${stored} of ${wanted}`);
      const names = p.attachments?.map((a) => a.filename) ?? [];
      if (allFields(p).some((f) => f.name.endsWith('(cont.)'))) seen.split++;
      if (names.some((n) => n.endsWith('.txt') && n !== 'answers.txt')) seen.ownFile++;
      if (names.includes('answers.txt')) seen.answersFile++;
      if (stored < wanted) seen.imagesLeftOut++;
    }
    // The runs must have exercised every path, or this test proves little.
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  });
});

describe('parseApplicationButtonId', () => {
  it('reads back our ids and ignores others', () => {
    expect(parseApplicationButtonId('application:accept:42')).toEqual({
      action: 'accept',
      id: '42',
    });
    expect(parseApplicationButtonId('order:verify:42')).toBeNull();
  });
});
