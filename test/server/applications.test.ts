import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ApplicationRecord,
  MAX_IMAGE_BYTES,
  parseApplicationReference,
} from '../../core/applications';
import { buildApplicationMessage } from '../../core/applications/discord-message';
import { createApplicationsRepository } from '../../db/repositories/applications';
import { applicationImages, applications, outbox } from '../../db/schema';
import { freshIp } from '../support/app';
import { DRIVERS } from '../support/database';
import { countApplicationRows } from '../support/rows';
import { aDesigner, aModerator } from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function aPng(size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEADER);
  return bytes;
}

type Upload = { name: string; data: Uint8Array; type?: string };

/** A real multipart body, as a browser's FormData would send it. */
async function multipart(
  fields: Record<string, string>,
  files: Upload[] = [],
  fileField = 'images',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      fileField,
      new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.type ?? 'image/png' }),
      file.name,
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

describe.each(DRIVERS)('POST /api/applications on %s', (driver) => {
  const server = useTestApp(driver);
  beforeEach(async () => {
    await server.database.db.delete(outbox);
    await server.database.db.delete(applications);
  });

  const countRows = () => countApplicationRows(server.database.db);
  const nothingStored = { applications: 0, images: 0, outbox: 0 };

  function postJson(body: unknown, remoteAddress = freshIp()) {
    return server.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: body as object,
      remoteAddress,
    });
  }

  async function postMultipart(
    fields: Record<string, string>,
    files: Upload[] = [],
    fileField?: string,
  ) {
    const { payload, headers } = await multipart(fields, files, fileField);
    return server.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload,
      headers,
      remoteAddress: freshIp(),
    });
  }

  it('stores a moderator sent as JSON with one outbox row', async () => {
    const response = await postJson(aModerator());
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(id).toEqual(expect.any(Number));
    const [row] = await server.database.db.select().from(applications);
    expect(row).toMatchObject({
      id,
      type: 'moderator',
      robloxUsername: 'roblox_mod',
      answers: { age: 15 },
    });
    expect(await server.database.db.select().from(outbox)).toEqual([
      expect.objectContaining({ kind: 'application', refId: id }),
    ]);
  });

  it('stores a designer with images from multipart', async () => {
    const images = [
      { name: 'a.png', data: aPng(100) },
      { name: 'b.gif', data: new TextEncoder().encode('GIF89a....'), type: 'image/gif' },
    ];
    const response = await postMultipart({ application: JSON.stringify(aDesigner()) }, images);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const stored = await server.database.db.select().from(applicationImages);
    expect(
      stored.map((image) => [
        image.applicationId,
        image.position,
        image.filename,
        image.contentType,
        image.byteSize,
      ]),
    ).toEqual([
      [id, 0, 'a.png', 'image/png', 100],
      [id, 1, 'b.gif', 'image/gif', 10],
    ]);
    expect(await countRows()).toEqual({ applications: 1, images: 2, outbox: 1 });
  });

  it('answers with the reference of the stored row, as the Discord message shows it', async () => {
    const repository = createApplicationsRepository(server.database.db);
    for (const [answers, prefix] of [
      [aModerator(), 'MOD'],
      [aDesigner(), 'DES'],
    ] as const) {
      const response = await postJson(answers);
      expect(response.statusCode).toBe(201);
      const { id, reference } = response.json();
      expect(reference).toMatch(new RegExp(`^${prefix}-\\d{6,}$`));
      const stored = await repository.findById(id);
      expect(stored).not.toBeNull();
      expect(parseApplicationReference(reference)).toEqual({ type: stored?.type, id: stored?.id });
      const message = buildApplicationMessage(stored as ApplicationRecord);
      expect(message.embeds[0]?.footer?.text).toBe(`Application ${reference}`);
    }
  });

  it('accepts a designer without the moderator-only answers', async () => {
    const response = await postMultipart({ application: JSON.stringify(aDesigner()) });
    expect(response.statusCode).toBe(201);
    expect(await countRows()).toEqual({ applications: 1, images: 0, outbox: 1 });
  });

  it('answers 400 with the spec messages for missing fields', async () => {
    const response = await postJson({ type: 'moderator' });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = response.json();
    expect(fieldErrors).toMatchObject({
      robloxUsername: 'Roblox username is required',
      discordUsername: 'Discord username is required',
      scenarioOne: 'Please provide a detailed response of at least 50 characters',
      whyChooseYou: 'Please provide a detailed response of at least 100 characters',
      agreeTerms: 'You must agree to the terms',
    });
    expect(await countRows()).toEqual(nothingStored);
  });

  const badAnswers: [string, Record<string, unknown>, string, string][] = [
    ['an age under 13', aModerator({ age: 12 }), 'age', 'You must be at least 13 years old'],
    ['an age given as text', aModerator({ age: '15' }), 'age', 'Age must be a number'],
    [
      'a short scenario',
      aModerator({ scenarioThree: 'too short' }),
      'scenarioThree',
      'Please provide a detailed response of at least 50 characters',
    ],
    [
      'a missing scenario',
      aModerator({ scenarioFour: undefined }),
      'scenarioFour',
      'Please provide a detailed response of at least 50 characters',
    ],
    [
      'terms not agreed',
      aModerator({ agreeTerms: false }),
      'agreeTerms',
      'You must agree to the terms',
    ],
    [
      'a blank username',
      aDesigner({ robloxUsername: '   ' }),
      'robloxUsername',
      'Roblox username is required',
    ],
    [
      'an oversize username',
      aDesigner({ discordUsername: 'x'.repeat(101) }),
      'discordUsername',
      'Discord username must be at most 100 characters',
    ],
    [
      'an oversize answer',
      aDesigner({ designProcess: 'x'.repeat(4001) }),
      'designProcess',
      'Design process must be at most 4000 characters',
    ],
    [
      'an activity level of 16',
      aDesigner({ activityLevel: 16 }),
      'activityLevel',
      'Activity level must be between 5 and 15',
    ],
    ['a number for text', aDesigner({ tools: 42 }), 'tools', 'Design tools must be text'],
    [
      'an unknown type',
      aDesigner({ type: 'admin' }),
      'type',
      'Application type must be moderator or designer',
    ],
  ];

  it.each(badAnswers)(
    'answers 400 for %s and stores nothing',
    async (_name, body, field, message) => {
      const response = await postJson(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors?.[field]).toBe(message);
      expect(await countRows()).toEqual(nothingStored);
    },
  );

  it('rejects the same bad answers when they come as multipart', async () => {
    const response = await postMultipart({
      application: JSON.stringify(aModerator({ scenarioOne: '' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.scenarioOne).toBe(
      'Please provide a detailed response of at least 50 characters',
    );
    expect(await countRows()).toEqual(nothingStored);
  });

  it('answers 413 for 11 images', async () => {
    const images = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, data: aPng() }));
    const response = await postMultipart({ application: JSON.stringify(aDesigner()) }, images);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('You can only upload up to 10 images');
    expect(await countRows()).toEqual(nothingStored);
  });

  it('accepts exactly 10 images', async () => {
    const images = Array.from({ length: 10 }, (_, i) => ({ name: `${i}.png`, data: aPng() }));
    const response = await postMultipart({ application: JSON.stringify(aDesigner()) }, images);
    expect(response.statusCode).toBe(201);
    expect(await countRows()).toEqual({ applications: 1, images: 10, outbox: 1 });
  });

  it.each([
    ['over 5 MB', MAX_IMAGE_BYTES + 1],
    ['exactly 5 MB (the spec says less than)', MAX_IMAGE_BYTES],
  ])('answers 413 for an image %s', async (_name, size) => {
    const response = await postMultipart({ application: JSON.stringify(aDesigner()) }, [
      { name: 'ok.png', data: aPng() },
      { name: 'big.png', data: aPng(size) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Each image must be less than 5MB');
    expect(await countRows()).toEqual(nothingStored);
  });

  it('answers 415 for a text file named .png', async () => {
    const response = await postMultipart({ application: JSON.stringify(aDesigner()) }, [
      {
        name: 'notes.png',
        data: new TextEncoder().encode('just some text, honest'),
        type: 'image/png',
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Only PNG, JPEG, WebP or GIF images are accepted');
    expect(await countRows()).toEqual(nothingStored);
  });

  it('answers 400 for a moderator with images', async () => {
    const response = await postMultipart({ application: JSON.stringify(aModerator()) }, [
      { name: 'a.png', data: aPng() },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Only designer applications may include portfolio images.',
    );
    expect(await countRows()).toEqual(nothingStored);
  });

  it('answers 400 for a file under another field name', async () => {
    const response = await postMultipart(
      { application: JSON.stringify(aDesigner()) },
      [{ name: 'a.png', data: aPng() }],
      'avatar',
    );
    expect(response.statusCode).toBe(400);
    expect(await countRows()).toEqual(nothingStored);
  });

  it('answers 400 when the answers field is missing or not JSON', async () => {
    const missing = await postMultipart({ other: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The "application" field with the answers is missing.');
    const broken = await postMultipart({ application: '{"type": "designer",' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The application answers must be valid JSON.');
    expect(await countRows()).toEqual(nothingStored);
  });

  it.each([
    [
      'a body that is not multipart',
      'multipart/form-data; boundary=xyz',
      'definitely not multipart',
    ],
    ['a missing boundary', 'multipart/form-data', '--x\r\n'],
    [
      'a cut-off body',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
  ])('answers 400 for malformed multipart: %s', async (_name, contentType, payload) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await countRows()).toEqual(nothingStored);
  });

  it('answers 400 for malformed JSON and 415 for another content type', async () => {
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: '{"type": "moderator",',
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
    });
    expect(json.statusCode).toBe(400);
    const text = await server.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: '<application/>',
      headers: { 'content-type': 'application/xml' },
      remoteAddress: freshIp(),
    });
    expect(text.statusCode).toBe(415);
    expect(await countRows()).toEqual(nothingStored);
  });

  it('answers 201 to a filled honeypot but stores nothing', async () => {
    const asJson = await postJson({ ...aModerator(), website: 'http://spam.example' });
    expect(asJson.statusCode).toBe(201);
    expect(asJson.json()).toEqual({ id: expect.any(Number), reference: expect.any(String) });
    const asField = await postMultipart(
      { application: JSON.stringify(aDesigner()), website: 'http://spam.example' },
      [{ name: 'a.png', data: aPng() }],
    );
    expect(asField.statusCode).toBe(201);
    expect(await countRows()).toEqual(nothingStored);
  });

  it('ignores an empty honeypot', async () => {
    const response = await postMultipart({ application: JSON.stringify(aDesigner()), website: '' });
    expect(response.statusCode).toBe(201);
    expect(await countRows()).toEqual({ applications: 1, images: 0, outbox: 1 });
  });

  it('limits each address to 5 submissions per 10 minutes', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await postJson(aModerator(), ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await postJson(aModerator(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many applications from your network\. Please try again in /,
    );
    expect((await postJson(aModerator(), freshIp())).statusCode).toBe(201);
    expect(await countRows()).toEqual({ applications: 6, images: 0, outbox: 6 });
  });
});
