import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../core/applications';
import {
  ApplicationCursorSchema,
  createApplicationsRepository,
  type NewApplicationImage,
} from '../../db/repositories/applications';
import { applications, outbox } from '../../db/schema';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { countApplicationRows } from '../support/rows';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const GIF = new Uint8Array([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([0, 255]));

function aModerator(overrides: Partial<Application> = {}): Application {
  return {
    type: 'moderator',
    robloxUsername: 'roblox_mod',
    discordUsername: 'discord_mod',
    age: 15,
    activityLevel: 12,
    otherServers: 'None yet',
    whyChooseYou: 'w'.repeat(120),
    scenarioOne: 'a'.repeat(60),
    scenarioTwo: 'b'.repeat(60),
    scenarioThree: 'c'.repeat(60),
    scenarioFour: 'd'.repeat(60),
    questionsForUs: '',
    questionsBenefits: 'How are payouts made?',
    additionalInfo: '',
    agreeTerms: true,
    ...overrides,
  } as Application;
}

function aDesigner(): Application {
  return {
    type: 'designer',
    robloxUsername: 'roblox_des',
    discordUsername: 'discord_des',
    age: 17,
    activityLevel: 8,
    designStyle: 'Minimal',
    tools: 'Photoshop, Blender',
    designProcess: 'Sketch first',
    designChallenges: 'Deadlines',
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: 'Hi',
    agreeTerms: true,
  };
}

// The files are kept by the route before the rows (db/image-store.ts); rows hold the hash.
const PNG_HASH = 'a'.repeat(64);
const GIF_HASH = 'b'.repeat(64);
const images: NewApplicationImage[] = [
  {
    filename: 'one.png',
    contentType: 'image/png',
    contentHash: PNG_HASH,
    byteSize: PNG.byteLength,
  },
  {
    filename: 'two.gif',
    contentType: 'image/gif',
    contentHash: GIF_HASH,
    byteSize: GIF.byteLength,
  },
];

describe.each(DRIVERS)('applications repository on %s', (driver) => {
  let database: TestDatabase;
  let repo: ReturnType<typeof createApplicationsRepository>;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    repo = createApplicationsRepository(database.db);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(applications);
  });

  const countRows = () => countApplicationRows(database.db);

  it('stores a designer with images and exactly one outbox row', async () => {
    const submittedAt = new Date('2024-05-01T10:00:00.123Z');
    const { id } = await repo.create(aDesigner(), { images, submittedAt });
    const stored = await repo.findById(id);
    expect(stored).toMatchObject({
      id,
      type: 'designer',
      status: 'pending',
      robloxUsername: 'roblox_des',
      decision: null,
    });
    // Exactly the designer's answers: nothing of the moderator form.
    const { type: _type, robloxUsername: _r, discordUsername: _d, ...answers } = aDesigner();
    expect(stored?.answers).toEqual(answers);
    expect(stored?.submittedAt.toISOString()).toBe(submittedAt.toISOString());
    expect(stored?.images).toEqual([
      {
        id: expect.any(Number),
        position: 0,
        filename: 'one.png',
        contentType: 'image/png',
        byteSize: PNG.byteLength,
      },
      {
        id: expect.any(Number),
        position: 1,
        filename: 'two.gif',
        contentType: 'image/gif',
        byteSize: GIF.byteLength,
      },
    ]);
    const read = await repo.readImages(id);
    expect(read.map((image) => image.contentHash)).toEqual([PNG_HASH, GIF_HASH]);
    expect(await repo.findImageByHash(GIF_HASH)).toEqual({ contentType: 'image/gif' });
    expect(await repo.findImageByHash('c'.repeat(64))).toBeNull();
    const second = read[1]?.id ?? -1;
    const onlySecond = await repo.readImages(id, [second]);
    expect(onlySecond.map((image) => image.filename)).toEqual(['two.gif']);
    const rows = await database.db.select().from(outbox);
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'application', refId: id, status: 'pending' }),
    ]);
  });

  it('stores a moderator without images, and no designer answers', async () => {
    const { id } = await repo.create(aModerator());
    const stored = await repo.findById(id);
    expect(stored).toMatchObject({ type: 'moderator', answers: { scenarioFour: 'd'.repeat(60) } });
    expect(stored?.answers).not.toHaveProperty('designStyle');
    expect(stored?.images).toEqual([]);
    expect(await countRows()).toEqual({ applications: 1, images: 0, outbox: 1 });
  });

  it('leaves nothing behind when an image insert fails', async () => {
    // Postgres refuses NUL in text: the image insert fails after the application insert ran.
    const broken = [
      ...images,
      {
        filename: 'bad\u0000.png',
        contentType: 'image/png' as const,
        contentHash: PNG_HASH,
        byteSize: PNG.byteLength,
      },
    ];
    await expect(repo.create(aDesigner(), { images: broken })).rejects.toThrow();
    expect(await countRows()).toEqual({ applications: 0, images: 0, outbox: 0 });
  });

  it('answers null for an unknown id', async () => {
    expect(await repo.findById(987654)).toBeNull();
    expect(await repo.readImages(987654)).toEqual([]);
  });

  it('lets the first of two concurrent decisions win', async () => {
    const { id } = await repo.create(aModerator());
    const decidedAt = new Date('2024-06-01T12:00:00.000Z');
    const results = await Promise.all([
      repo.recordDecision(id, {
        status: 'accepted',
        reviewerId: '1',
        reviewerName: 'Ada',
        decidedAt,
      }),
      repo.recordDecision(id, {
        status: 'rejected',
        reviewerId: '2',
        reviewerName: 'Bob',
        decidedAt,
      }),
    ]);
    const winners = results.filter((result) => result !== null);
    expect(winners).toHaveLength(1);
    const stored = await repo.findById(id);
    expect(stored?.status).toBe(winners[0]?.status);
    expect(stored?.decision?.reviewerName).toBe(winners[0]?.decision?.reviewerName);
    expect(stored?.decision?.decidedAt.toISOString()).toBe(decidedAt.toISOString());
    expect(
      await repo.recordDecision(id, { status: 'rejected', reviewerId: '3', reviewerName: 'Cy' }),
    ).toBeNull();
    expect(
      await repo.recordDecision(424242, { status: 'accepted', reviewerId: '1', reviewerName: 'A' }),
    ).toBeNull();
  });

  it('lists newest first, filtered, page by page with the keyset cursor', async () => {
    const base = Date.parse('2024-01-01T00:00:00.000Z');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const input = i % 2 === 0 ? aModerator() : aDesigner();
      // Two rows share a timestamp, so the id breaks the tie.
      const at = new Date(base + Math.min(i, 3) * 1000);
      ids.push((await repo.create(input, { submittedAt: at })).id);
    }
    const all = await repo.list({ limit: 10 });
    expect(all.items.map((row) => row.id)).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect([all.nextCursor, all.total]).toEqual([null, 5]);

    const first = await repo.list({ limit: 2 });
    const after = ApplicationCursorSchema.parse(first.nextCursor);
    const second = await repo.list({ limit: 2, after });
    expect([...first.items, ...second.items].map((row) => row.id)).toEqual([
      ids[4],
      ids[3],
      ids[2],
      ids[1],
    ]);
    expect(second.total).toBe(5);

    const designers = await repo.list({ limit: 10, type: 'designer' });
    expect(designers.items.map((row) => row.id)).toEqual([ids[3], ids[1]]);
    expect(designers.total).toBe(2);
    await repo.recordDecision(ids[2] as number, {
      status: 'accepted',
      reviewerId: '1',
      reviewerName: 'A',
    });
    const accepted = await repo.list({ limit: 10, status: 'accepted' });
    expect(accepted.items.map((row) => [row.id, row.decision?.reviewerName])).toEqual([
      [ids[2], 'A'],
    ]);
    expect(
      (await repo.list({ limit: 10, status: 'pending', type: 'moderator' })).items,
    ).toHaveLength(2);
  });
});
