import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../core/applications';
import { createFileImageStore } from '../../db/image-store-files';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { outbox } from '../../db/schema';
import { testConfig } from '../support/app';
import { DRIVERS } from '../support/database';
import { SITE_ORIGIN, signInAsStaff } from '../support/staff';
import { useTestApp } from '../support/use-test-app';

// GET /api/staff/applications (pages, sorts, filters, search, bad parameters), the detail,
// the decision (first wins, an outbox edit of the Discord message) and the CSV export.

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function anApplication(index: number): Application {
  const designer = index % 3 === 0;
  const base = {
    robloxUsername: `Player${String(index).padStart(2, '0')}`,
    discordUsername: `disc_${index}`,
    age: 16,
    activityLevel: 10,
    questionsForUs: '',
    questionsBenefits: '',
    additionalInfo: index === 7 ? 'I love lighthouses and =HYPERLINK("x")' : '',
    agreeTerms: true,
  };
  return designer
    ? ({
        ...base,
        type: 'designer',
        designStyle: 'Minimal',
        tools: 'Photoshop',
        designProcess: 'Sketch first',
        designChallenges: 'Deadlines',
      } as Application)
    : ({
        ...base,
        type: 'moderator',
        otherServers: 'None',
        whyChooseYou: 'w'.repeat(120),
        scenarioOne: 'a'.repeat(60),
        scenarioTwo: 'b'.repeat(60),
        scenarioThree: 'c'.repeat(60),
        scenarioFour: 'd'.repeat(60),
      } as Application);
}

type ListItem = { id: number; robloxUsername: string; status: string; type: string };
type ListPage = {
  rows: ListItem[];
  total: number;
  page: number;
  pageSize: number;
  facets: Record<string, { value: string; count: number }[]>;
};

describe.each(DRIVERS)('staff applications API on %s', (driver) => {
  const server = useTestApp(driver);
  let lead: string;
  let executive: string;
  let designer: string;
  const ids: number[] = [];

  beforeAll(async () => {
    const repository = createApplicationsRepository(server.database.db);
    // The image's bytes live as a file under the app's DATA_DIR; the row keeps its hash.
    const contentHash = await createFileImageStore(testConfig().DATA_DIR).write(PNG);
    // 30 applications, one a day from 2026-01-01 (index 1 is the oldest).
    for (let index = 1; index <= 30; index++) {
      const submittedAt = new Date(Date.UTC(2026, 0, index, 12));
      const { id } = await repository.create(anApplication(index), {
        submittedAt,
        images:
          index === 7
            ? [
                {
                  filename: 'work.png',
                  contentType: 'image/png',
                  contentHash,
                  byteSize: PNG.byteLength,
                },
              ]
            : [],
      });
      ids.push(id);
    }
    for (const index of [2, 4]) {
      await repository.recordDecision(ids[index - 1] as number, {
        status: 'accepted',
        reviewerId: '1',
        reviewerName: 'Bot lead',
      });
    }
    lead = (await signInAsStaff(server.database.db, ['lead'], 'Lea')).cookie;
    executive = (await signInAsStaff(server.database.db, ['executive'], 'Exa')).cookie;
    designer = (await signInAsStaff(server.database.db, ['designer'])).cookie;
  });

  const get = (url: string, cookie = lead) =>
    server.app.inject({ method: 'GET', url, headers: { cookie } });
  const list = async (query: string) => {
    const response = await get(`/api/staff/applications?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListPage;
  };
  const decide = (id: number, body: unknown, cookie = lead) =>
    server.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${id}/decision`,
      headers: { cookie, origin: SITE_ORIGIN },
      payload: body as object,
    });

  it('pages newest first through every row exactly once, the last page from the end', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`size=10&page=${page}`);
      expect(body).toMatchObject({ total: 30, page, pageSize: 10 });
      seen.push(...body.rows.map((item) => item.id));
    }
    expect(seen).toEqual([...ids].reverse());
    // Past the end: the last page, saying so.
    const past = await list('size=10&page=99');
    expect(past.page).toBe(3);
    expect(past.rows.map((item) => item.id)).toEqual(seen.slice(20));
  });

  it('sorts by username and status both ways, across pages', async () => {
    const names: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`sort=username&order=asc&size=10&page=${page}`);
      names.push(...body.rows.map((item) => item.robloxUsername));
    }
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(30);
    const backwards: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`sort=username&order=desc&size=10&page=${page}`);
      backwards.push(...body.rows.map((item) => item.robloxUsername));
    }
    expect(backwards).toEqual([...names].reverse());

    const byStatus = await list('sort=status&order=desc&size=100');
    expect(byStatus.rows.slice(0, 2).map((item) => item.status)).toEqual(['accepted', 'accepted']);
    const ascending = await list('sort=status&order=asc&size=100');
    expect(ascending.rows.at(-1)?.status).toBe('accepted');
  });

  it('filters by type, status, date range, and searches usernames and answers', async () => {
    const designers = await list('type=designer&size=100');
    expect(designers.rows.every((item) => item.type === 'designer')).toBe(true);
    expect(designers.total).toBe(10);
    // Counts: the type facet ignores its own filter, the status facet applies it.
    expect(designers.facets.type).toEqual([
      { value: 'moderator', count: 20 },
      { value: 'designer', count: 10 },
    ]);
    expect(designers.facets.status?.reduce((sum, each) => sum + each.count, 0)).toBe(10);
    expect((await list('status=accepted')).rows.map((item) => item.id)).toEqual([ids[3], ids[1]]);
    const both = await list('status=accepted,rejected&type=designer,moderator');
    expect(both.total).toBe(
      (await list('status=accepted')).total + (await list('status=rejected')).total,
    );
    const january = await list('from=2026-01-10&to=2026-01-12');
    expect(january.rows.map((item) => item.robloxUsername)).toEqual([
      'Player12',
      'Player11',
      'Player10',
    ]);
    expect((await list('q=player07')).rows.map((item) => item.id)).toEqual([ids[6]]);
    expect((await list('q=LIGHTHOUSE')).rows.map((item) => item.id)).toEqual([ids[6]]);
    expect((await list('q=disc_2')).rows.map((item) => item.robloxUsername)).toContain('Player02');
    expect((await list('q=nothing-like-this')).rows).toEqual([]);
    // Keys of the answers document are not searchable words.
    expect((await list('q=designStyle')).rows).toEqual([]);
  });

  it.each([
    ['sort=price', 'sort'],
    ['order=up', 'order'],
    ['type=painter', 'type'],
    ['status=maybe', 'status'],
    ['status=pending,maybe', 'status'],
    ['from=2026-02-30', 'from'],
    ['from=yesterday', 'from'],
    ['from=2026-03-01&to=2026-02-01', 'to'],
    ['q=%21%21%21', 'q'],
    ['size=0', 'size'],
    ['size=1000', 'size'],
    ['page=-1', 'page'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(`/api/staff/applications?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });

  it('shows one application with every answer and its images', async () => {
    const response = await get(`/api/staff/applications/${ids[6]}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.answers.additionalInfo).toContain('lighthouses');
    expect(body.images).toHaveLength(1);
    const image = await get(body.images[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(image.rawPayload)).toEqual(PNG);
    expect((await get('/api/staff/applications/999999')).statusCode).toBe(404);
    expect((await get('/api/staff/applications/abc')).statusCode).toBe(400);
  });

  it('records the first decision only, and queues the Discord message edit once', async () => {
    const id = ids[9] as number;
    expect((await decide(id, { decision: 'maybe' })).statusCode).toBe(400);
    const first = await decide(id, { decision: 'reject', note: 'Not this time' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'rejected', decision: { reviewerName: 'Lea' } });
    const second = await decide(id, { decision: 'accept' }, executive);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Already rejected by Lea.');
    const detail = (await get(`/api/staff/applications/${id}`)).json();
    expect(detail).toMatchObject({ status: 'rejected', decisionNote: 'Not this time' });
    const edits = await server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'application_decision_edit'), eq(outbox.refId, id)));
    expect(edits).toHaveLength(1);
    expect((await decide(999999, { decision: 'accept' })).statusCode).toBe(404);
  });

  it('finds an application by the reference its applicant quotes, in any case', async () => {
    // Index 3 is a designer (DES-…), index 5 a moderator (MOD-…).
    const designerId = ids[2] as number;
    const reference = `DES-${String(designerId).padStart(6, '0')}`;
    const found = await list(`q=${reference}`);
    expect(found.rows.map((item) => item.id)).toEqual([designerId]);
    expect(found.total).toBe(1);
    expect((await list(`q=des-${designerId}`)).rows.map((item) => item.id)).toEqual([designerId]);
    // The right number with the wrong type is no one's reference.
    expect((await list(`q=MOD-${designerId}`)).rows).toEqual([]);
    // Sorted by status, a reference still finds its one row (the status-by-status search path).
    expect((await list(`q=${reference}&sort=status`)).rows.map((item) => item.id)).toEqual([
      designerId,
    ]);
  });

  it('lets two leads race: exactly one decision wins', async () => {
    const id = ids[10] as number;
    const answers = await Promise.all([
      decide(id, { decision: 'accept' }),
      decide(id, { decision: 'reject' }, executive),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('exports the current filter as CSV, formulas defused', async () => {
    const response = await get('/api/staff/applications.csv?q=lighthouse');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="applications-/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^"id","reference","type","status","roblox_username"/);
    expect(lines[1]).toContain('"Player07"');
    expect(lines[1]).toContain(`"MOD-${String(ids[6]).padStart(6, '0')}"`);
    const all = await get('/api/staff/applications.csv?sort=username&order=asc');
    expect(all.body.trim().split('\r\n')).toHaveLength(31);
    // The list's facets filter the export as they filter the list: every row, not a page.
    const designers = await get('/api/staff/applications.csv?type=designer&size=10&page=3');
    expect(designers.body.trim().split('\r\n')).toHaveLength(11);
    expect((await get('/api/staff/applications.csv?status=nope')).statusCode).toBe(400);
  });

  it('is for leads and executives only', async () => {
    expect((await get('/api/staff/applications', designer)).statusCode).toBe(403);
    expect((await get('/api/staff/applications', executive)).statusCode).toBe(200);
  });
});
