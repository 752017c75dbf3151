import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../server/app';
import { serverOptions } from '../../server/server-options';
import { freshIp, testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';
import { countApplicationRows } from '../support/rows';
import { aDesigner, aPng, multipartBody } from '../support/uploads';

// An application with images when DATA_DIR cannot be written (the Docker image's user and a
// DATA_DIR it does not own): our fault, so a 503 with a reference that is in the log (as for a
// bucket that is down: test/server/object-storage.test.ts), never a 400 that tells the
// applicant their upload was unreadable.
describe.each(DRIVERS)('an upload the storage cannot write, on %s', (driver) => {
  let database: TestDatabase;
  let server: FastifyInstance;
  let parent: string;
  const lines: { level: number; msg: string; reqId?: string; err?: { message?: string } }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    parent = mkdtempSync(join(tmpdir(), 'lunar-unwritable-'));
    // A file where DATA_DIR should be: no folder can be made under it, not even by root.
    writeFileSync(join(parent, 'data'), '');
    const config = testConfig({ LOG_LEVEL: 'info', DATA_DIR: join(parent, 'data') });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    server = Fastify({ ...serverOptions(config), logger: { level: 'info', stream } });
    await server.register(app, { config, database });
    await server.ready();
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('answers 503 with a reference that the log names, and stores nothing', async () => {
    const { body, contentType } = await multipartBody(
      { application: JSON.stringify(aDesigner()) },
      [{ name: 'work.png', data: aPng(2000, 1) }],
    );
    const response = await server.inject({
      method: 'POST',
      url: '/api/applications',
      payload: body,
      headers: { 'content-type': contentType },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(503);
    const answer = response.json() as { message: string; reference: string };
    expect(answer.message).toMatch(/^We cannot store images right now, so nothing was saved/);
    expect(answer.reference).toBeTruthy();
    const failure = lines.find((line) => line.msg === 'request failed: image storage unavailable');
    expect(failure).toMatchObject({ level: 50, reqId: answer.reference });
    expect(failure?.err?.message).toMatch(/^cannot create \S+\/uploads\/\.tmp: ENOTDIR/);
    expect(await countApplicationRows(database.db)).toMatchObject({ applications: 0, images: 0 });
  });
});
