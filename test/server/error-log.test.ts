import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../entry/logger';
import { app } from '../../server/app';
import { serverOptions } from '../../server/server-options';
import { freshIp, testConfig } from '../support/app';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../support/database';

// A personal value the database refuses: the failed query must be logged by its shape and the
// request reference, never with the name, address or message it carried.
const PERSONAL = {
  name: 'Zelda Quillfeather',
  email: 'zelda.quillfeather@example.com',
  subject: 'Private matter',
  message: 'My phone number is 555-0199, please call after six.',
};

describe.each(DRIVERS)('error log on %s', (driver) => {
  let database: TestDatabase;
  let server: ReturnType<typeof Fastify>;
  const output: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    // Makes the INSERT fail inside Postgres, with the personal value in hand.
    await database.db.execute(
      sql.raw(
        `alter table contact_messages add constraint refuse_zelda check (name <> '${PERSONAL.name}')`,
      ),
    );
    const config = testConfig({ LOG_LEVEL: 'info', NODE_ENV: 'production' });
    const log: FastifyBaseLogger = await createLogger(config, {
      isTTY: false,
      write: (line) => output.push(line),
    });
    server = Fastify({ ...serverOptions(config), loggerInstance: log });
    await server.register(app, { config, database });
    await server.ready();
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('records a failed query without its parameters, with the code and reference', async () => {
    const response = await server.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: PERSONAL,
    });
    expect(response.statusCode).toBe(500);
    const { reference } = response.json();

    const logged = output.join('');
    for (const value of [PERSONAL.name, 'Quillfeather', PERSONAL.email, '555-0199']) {
      expect(logged).not.toContain(value);
    }
    const failure = output
      .map((line) => JSON.parse(line))
      .find((record) => record.msg === 'request failed');
    expect(failure).toMatchObject({
      reqId: reference,
      err: { type: 'DrizzleQueryError', code: '23514' },
    });
    expect(failure.err.query).toMatch(/insert into "contact_messages"/i);
  });
});
