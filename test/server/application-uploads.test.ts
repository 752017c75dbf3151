import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../core/applications';
import { HONEYPOT_FIELD } from '../../core/shared/honeypot';
import { applicationImages, applications, outbox } from '../../db/schema';
import { freshIp, testConfig } from '../support/app';
import { DRIVERS } from '../support/database';
import { countApplicationRows } from '../support/rows';
import { signInAsStaff } from '../support/staff';
import {
  aDesigner,
  aModerator,
  aPng,
  multipartBody,
  postInParts,
  type Upload,
} from '../support/uploads';
import { useTestApp } from '../support/use-test-app';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(DRIVERS)('application uploads kept as files on %s', (driver) => {
  const server = useTestApp(driver);
  const uploadsDir = () => join(testConfig().DATA_DIR, 'uploads');
  const nothingStored = { applications: 0, images: 0, outbox: 0 };

  /** Every file under uploads/, kept or tmp, relative to it. */
  function storedFiles(): string[] {
    try {
      return readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(uploadsDir().length + 1))
        .sort();
    } catch {
      return [];
    }
  }

  beforeEach(async () => {
    await server.database.db.delete(outbox);
    await server.database.db.delete(applications);
    rmSync(uploadsDir(), { recursive: true, force: true });
  });

  async function post(fields: Record<string, string>, files: Upload[] = [], field?: string) {
    const { body, contentType } = await multipartBody(fields, files, field);
    return server.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: body,
      headers: { 'content-type': contentType },
      remoteAddress: freshIp(),
    });
  }

  it('keeps each image as a file named by its hash; the row holds the hash, not the bytes', async () => {
    const png = aPng(3000, 1);
    const gif = new TextEncoder().encode('GIF89a and then some');
    const response = await post({ application: JSON.stringify(aDesigner()) }, [
      { name: 'a.png', data: png },
      { name: 'b.gif', data: gif, type: 'image/gif' },
      { name: 'again.png', data: png },
    ]);
    expect(response.statusCode).toBe(201);
    const rows = await server.database.db
      .select()
      .from(applicationImages)
      .orderBy(applicationImages.position);
    expect(rows.map((row) => [row.filename, row.contentHash, row.byteSize, row.data])).toEqual([
      ['a.png', sha256(png), 3000, null],
      ['b.gif', sha256(gif), gif.byteLength, null],
      ['again.png', sha256(png), 3000, null],
    ]);
    // One file per distinct image, nothing left in tmp.
    const files = [sha256(png), sha256(gif)].map((hash) => `${hash.slice(0, 2)}/${hash}`);
    expect(storedFiles()).toEqual(files.sort());
    expect(readFileSync(join(uploadsDir(), files[0] as string))).toEqual(
      Buffer.from(files[0]?.includes(sha256(png)) ? png : gif),
    );
  });

  const refusals: [string, () => Promise<Parameters<typeof post>>, number][] = [
    [
      '11 images',
      async () => [
        { application: JSON.stringify(aDesigner()) },
        Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, data: aPng(500, i) })),
      ],
      413,
    ],
    [
      'an image of 5 MB after a good one',
      async () => [
        { application: JSON.stringify(aDesigner()) },
        [
          { name: 'ok.png', data: aPng(1000, 1) },
          { name: 'big.png', data: aPng(MAX_IMAGE_BYTES, 2) },
        ],
      ],
      413,
    ],
    [
      'a text file named .png after a good image',
      async () => [
        { application: JSON.stringify(aDesigner()) },
        [
          { name: 'ok.png', data: aPng(1000, 3) },
          { name: 'notes.png', data: new TextEncoder().encode('just some text, honest') },
        ],
      ],
      415,
    ],
    [
      'an empty file',
      async () => [
        { application: JSON.stringify(aDesigner()) },
        [{ name: 'empty.png', data: new Uint8Array(0) }],
      ],
      415,
    ],
    [
      'a moderator with images',
      async () => [
        { application: JSON.stringify(aModerator()) },
        [{ name: 'a.png', data: aPng(1000, 4) }],
      ],
      400,
    ],
    [
      'invalid answers with images',
      async () => [
        { application: JSON.stringify(aDesigner({ robloxUsername: '' })) },
        [{ name: 'a.png', data: aPng(1000, 5) }],
      ],
      400,
    ],
    [
      'images in another field',
      async () => [
        { application: JSON.stringify(aDesigner()) },
        [{ name: 'a.png', data: aPng(1000, 6) }],
        'avatar',
      ],
      400,
    ],
  ];

  it.each(refusals)('stores no row and no file for %s', async (_name, build, status) => {
    const response = await post(...(await build()));
    expect(response.statusCode).toBe(status);
    expect(await countApplicationRows(server.database.db)).toEqual(nothingStored);
    expect(storedFiles()).toEqual([]);
  });

  it('names the images field in the refusal of an image', async () => {
    const response = await post({ application: JSON.stringify(aDesigner()) }, [
      { name: 'notes.png', data: new TextEncoder().encode('not an image at all') },
    ]);
    expect(response.json()).toEqual({
      message: 'Only PNG, JPEG, WebP or GIF images are accepted',
      fieldErrors: { images: 'Only PNG, JPEG, WebP or GIF images are accepted' },
    });
  });

  it('answers a bot (honeypot) as stored, keeping neither rows nor files', async () => {
    const response = await post(
      { application: JSON.stringify(aDesigner()), [HONEYPOT_FIELD]: 'http://spam.example' },
      [{ name: 'a.png', data: aPng(1000, 7) }],
    );
    expect(response.statusCode).toBe(201);
    expect(await countApplicationRows(server.database.db)).toEqual(nothingStored);
    expect(storedFiles()).toEqual([]);
  });

  describe('the image route', () => {
    const png = aPng(2000, 9);
    beforeEach(async () => {
      const response = await post({ application: JSON.stringify(aDesigner()) }, [
        { name: 'a.png', data: png },
      ]);
      expect(response.statusCode).toBe(201);
    });

    it('serves a stored image to leads with its type and private, immutable caching', async () => {
      const { cookie } = await signInAsStaff(server.database.db, ['lead']);
      const response = await server.app.inject({
        url: `/api/staff/application-images/${sha256(png)}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload).toEqual(Buffer.from(png));
    });

    it('serves nothing to visitors, and nothing but a known hash to staff', async () => {
      const anonymous = await server.app.inject({
        url: `/api/staff/application-images/${sha256(png)}`,
      });
      expect(anonymous.statusCode).toBe(401);
      const { cookie } = await signInAsStaff(server.database.db, ['lead']);
      for (const name of [
        'f'.repeat(64),
        sha256(png).toUpperCase(),
        '..%2F..%2F..%2Fetc%2Fpasswd',
        `..%2F${sha256(png).slice(0, 2)}%2F${sha256(png)}`,
      ]) {
        const response = await server.app.inject({
          url: `/api/staff/application-images/${name}`,
          headers: { cookie },
        });
        expect({ name, status: response.statusCode }).toEqual({ name, status: 404 });
      }
    });
  });
});

describe.each(DRIVERS)('a refused upload over real HTTP on %s', (driver) => {
  const server = useTestApp(driver);
  let url = '';
  beforeAll(async () => {
    url = `${await server.app.listen({ port: 0, host: '127.0.0.1' })}/api/applications`;
  });
  const uploadsDir = () => join(testConfig().DATA_DIR, 'uploads');
  const storedFiles = () => {
    try {
      return readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  };
  beforeEach(async () => {
    await server.database.db.delete(outbox);
    await server.database.db.delete(applications);
    rmSync(uploadsDir(), { recursive: true, force: true });
  });

  /** Sends the body 64 KB at a time until the answer arrives; answers it and what was sent. */
  async function sendUntilAnswered(image: Uint8Array<ArrayBuffer>) {
    const { body, contentType } = await multipartBody(
      { application: JSON.stringify(aDesigner()) },
      [{ name: 'big.png', data: image }],
    );
    const upload = postInParts(url, body, contentType);
    let answered = false;
    const answer = upload.answer.finally(() => {
      answered = true;
    });
    await upload.started;
    while (!answered && upload.sent < body.byteLength) await upload.send(64 * 1024);
    return { answer: await answer, sent: upload.sent, total: body.byteLength };
  }

  it.each([
    ['an image over the size cap', aPng(6 * MAX_IMAGE_BYTES, 1), 413],
    ['a file that is not an image', new Uint8Array(6 * MAX_IMAGE_BYTES).fill(65), 415],
  ])('answers %s before the body ends, closes, and keeps nothing', async (_name, image, status) => {
    const { answer, sent, total } = await sendUntilAnswered(image);
    expect(answer.status).toBe(status);
    expect(answer.headers.connection).toBe('close');
    expect(sent).toBeLessThan(total);
    expect(await countApplicationRows(server.database.db)).toEqual({
      applications: 0,
      images: 0,
      outbox: 0,
    });
    expect(storedFiles()).toEqual([]);
  });

  it('answers 413 at once to a declared length above the whole request cap', async () => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.on('error', () => {});
    socket.write(
      [
        'POST /api/applications HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Origin: http://127.0.0.1:${port}`,
        'Content-Type: multipart/form-data; boundary=x',
        `Content-Length: ${100 * MAX_IMAGE_BYTES}`,
        '',
        '--x\r\n',
      ].join('\r\n'),
    );
    // Nothing more is sent: the answer and the close come without the body.
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(storedFiles()).toEqual([]);
  });

  it('leaves no file behind when the client goes away half-way', async () => {
    const { body, contentType } = await multipartBody(
      { application: JSON.stringify(aDesigner()) },
      [{ name: 'a.png', data: aPng(4_000_000, 2) }],
    );
    const upload = postInParts(url, body, contentType);
    upload.answer.catch(() => {}); // the socket error the abort causes
    await upload.started;
    await upload.send(2_000_000);
    // The tmp file exists while the upload runs...
    await vi.waitFor(() => expect(storedFiles()).toHaveLength(1), { timeout: 20_000 });
    upload.abort();
    // ...and is gone once the server sees the client leave.
    await vi.waitFor(() => expect(storedFiles()).toEqual([]), { timeout: 20_000 });
    expect(await countApplicationRows(server.database.db)).toEqual({
      applications: 0,
      images: 0,
      outbox: 0,
    });
  });
});
