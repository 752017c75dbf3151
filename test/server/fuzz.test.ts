import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../support/database';
import { countPublicRows, createFuzzer, fuzzEndpoint } from '../support/fuzz';
import { useTestApp } from '../support/use-test-app';

// Hostile and unlucky input on every public endpoint: random types, huge strings, NUL, lone
// surrogates, deep nesting, broken JSON, wrong content types. Never a 5xx, and a row exists
// only for an answer that said so. Volume runs: `npm run bench -- fuzz`.
const PER_ENDPOINT = Number(process.env.FUZZ_BODIES ?? 100);
const SEED = process.env.FUZZ_SEED ?? 'lunar-fuzz';
// Multipart goes through the upload path, which is slower: lighter, as the JSON part is the same.
const MULTIPART_BODIES = Math.ceil(PER_ENDPOINT / 5);
// Generous: CI machines are shared; the run itself takes ~15 s per endpoint on an idle PGlite.
const TIMEOUT_MS = 300_000;

const contact = {
  name: 'Jordan',
  email: 'jordan@example.com',
  subject: 'Logo',
  message: 'We would like a new logo for our server.',
};
const common = {
  robloxUsername: 'roblox_user',
  discordUsername: 'discord_user',
  age: 16,
  activityLevel: 10,
  questionsForUs: '',
  questionsBenefits: '',
  additionalInfo: '',
  agreeTerms: true,
};
const moderator = {
  type: 'moderator',
  ...common,
  otherServers: '',
  whyChooseYou: 'w'.repeat(120),
  scenarioOne: 's'.repeat(60),
  scenarioTwo: 's'.repeat(60),
  scenarioThree: 's'.repeat(60),
  scenarioFour: 's'.repeat(60),
};
const designer = { type: 'designer', ...common, designStyle: 'Clean', tools: 'Figma' };

function multipartBody(fields: Record<string, string>, boundary: string): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8');
}

describe.each(DRIVERS)('fuzzing the public endpoints on %s', (driver) => {
  const server = useTestApp(driver, {
    seed: true,
    env: { BLOG_ADMIN_PASSCODE: 'correct horse battery staple' },
  });

  async function expectNoFailures(
    name: string,
    run: (
      fuzz: ReturnType<typeof createFuzzer>,
    ) => Promise<{ success: number; serverErrors: string[]; total: number }>,
    rowsPerSuccess: (
      before: Awaited<ReturnType<typeof countPublicRows>>,
      after: Awaited<ReturnType<typeof countPublicRows>>,
      success: number,
    ) => void,
  ) {
    const before = await countPublicRows(server.database);
    const tally = await run(createFuzzer(`${SEED}:${name}`));
    expect(tally.total).toBeGreaterThanOrEqual(Math.min(PER_ENDPOINT, MULTIPART_BODIES));
    expect(tally.serverErrors).toEqual([]);
    rowsPerSuccess(before, await countPublicRows(server.database), tally.success);
  }

  const json =
    (fuzz: ReturnType<typeof createFuzzer>, url: string, valid: Record<string, unknown>) => () => {
      const { payload, contentType } = fuzz.body(valid);
      return { method: 'POST' as const, url, payload, headers: { 'content-type': contentType } };
    };

  it(
    'POST /api/contact',
    async () => {
      await expectNoFailures(
        'contact',
        (fuzz) => fuzzEndpoint(server.app, PER_ENDPOINT, json(fuzz, '/api/contact', contact)),
        (before, after, success) => {
          expect(after.contact - before.contact).toBe(success);
          expect(after.outbox - before.outbox).toBe(success);
        },
      );
    },
    TIMEOUT_MS,
  );

  it.each([
    ['moderator', moderator],
    ['designer', designer],
  ])(
    'POST /api/applications (%s, JSON)',
    async (name, valid) => {
      await expectNoFailures(
        `applications-${name}`,
        (fuzz) => fuzzEndpoint(server.app, PER_ENDPOINT, json(fuzz, '/api/applications', valid)),
        (before, after, success) => {
          expect(after.applications - before.applications).toBe(success);
          expect(after.outbox - before.outbox).toBe(success);
          expect(after.images).toBe(before.images);
        },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'POST /api/applications (designer, multipart answers)',
    async () => {
      await expectNoFailures(
        'applications-multipart',
        (fuzz) =>
          fuzzEndpoint(server.app, MULTIPART_BODIES, () => {
            const boundary = `fuzz${fuzz.int(1e9)}`;
            const answers =
              fuzz.random() < 0.8 ? JSON.stringify(fuzz.mutate(designer)) : fuzz.string();
            const field = fuzz.random() < 0.9 ? 'application' : fuzz.string().slice(0, 40);
            return {
              method: 'POST',
              url: '/api/applications',
              payload: multipartBody({ [field]: answers }, boundary),
              headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
            };
          }),
        (before, after, success) => {
          expect(after.applications - before.applications).toBe(success);
          expect(after.images).toBe(before.images);
        },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'POST /api/blog/session (sign-in)',
    async () => {
      await expectNoFailures(
        'blog-sign-in',
        (fuzz) =>
          fuzzEndpoint(
            server.app,
            PER_ENDPOINT,
            json(fuzz, '/api/blog/session', { passcode: 'a guess' }),
          ),
        (before, after) => expect(after).toEqual(before),
      );
    },
    TIMEOUT_MS,
  );

  it(
    'GET path and query parameters',
    async () => {
      const paths = [
        (part: string, other: string) => `/api/blog/posts?cursor=${part}&limit=${other}`,
        (part: string) => `/api/blog/posts?limit=${part}`,
        (part: string) => `/api/portfolios/${part}`,
        (part: string) => `/avatars/${part}.svg`,
        (part: string) => `/banners/${part}`,
        (part: string) => `/api/team?${part}=${part}`,
        (part: string, other: string) => `/auth/link/${part}?next=${other}`,
        (part: string) => `/auth/discord?next=${part}`,
        (part: string, other: string) => `/auth/discord/callback?code=${part}&state=${other}`,
      ];
      await expectNoFailures(
        'get-params',
        (fuzz) =>
          fuzzEndpoint(server.app, PER_ENDPOINT, () => ({
            method: 'GET',
            url: fuzz.pick(paths)(fuzz.urlPart(), fuzz.urlPart()),
          })),
        (before, after) => expect(after).toEqual(before),
      );
    },
    TIMEOUT_MS,
  );
});
