import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../server/app';
import { serverOptions } from '../../server/server-options';
import { freshIp, testConfig } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// With the bot off (no DISCORD_TOKEN, the default) nobody hears of a submission in Discord:
// each one stored is announced once in the log, in words, with where to read it.
const TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAx.GhX4aB.c2VjcmV0LXBhcnQtb2YtdGhlLXRva2Vu';

const aContactMessage = {
  name: 'Jordan',
  email: 'jordan@example.com',
  subject: 'Logo for River City',
  message: 'Hi! We would like a new logo and banner set for our ERLC server.',
};

const aDesigner = {
  type: 'designer',
  robloxUsername: 'roblox_des',
  discordUsername: 'nova_designs',
  age: 16,
  activityLevel: 9,
  designStyle: 'Clean',
  tools: 'Figma',
  designProcess: '',
  designChallenges: '',
  questionsForUs: '',
  questionsBenefits: '',
  additionalInfo: '',
  agreeTerms: true,
};

describe('a stored submission with the Discord bot off', () => {
  let database: TestDatabase;
  let server: FastifyInstance | undefined;
  const lines: { level: number; msg: string }[] = [];
  /** Every line as written, for checking that no sender's details reach the log. */
  const raw: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    return () => database.close();
  });
  afterEach(async () => {
    await server?.close();
    lines.length = 0;
    raw.length = 0;
  });
  /** Nothing the sender typed: names, usernames, addresses, subjects. */
  const expectNoPersonalData = (...values: string[]) => {
    for (const value of values) expect(raw.join('\n')).not.toContain(value);
  };

  async function startServer(env: Record<string, string>) {
    const config = testConfig({ LOG_LEVEL: 'warn', PUBLIC_URL: 'https://lunar.gg', ...env });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        raw.push(chunk.toString());
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const fastify = Fastify({
      ...serverOptions(config),
      logger: { level: config.LOG_LEVEL, stream },
    });
    await fastify.register(app, { config, database });
    await fastify.ready();
    server = fastify;
  }

  const post = (url: string, payload: object) => {
    if (!server) throw new Error('start the server first');
    return server.inject({ method: 'POST', url, payload, remoteAddress: freshIp() });
  };

  const notices = () => lines.filter((line) => line.msg.startsWith('New '));

  it('logs each application once by its reference, saying where to read it, even at LOG_LEVEL=warn', async () => {
    await startServer({});
    const response = await post('/api/applications', aDesigner);
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: number };
    expect(notices()).toEqual([
      expect.objectContaining({
        level: 40,
        msg: `New designer application DES-${String(id).padStart(6, '0')} stored; read it in the dashboard at https://lunar.gg/dashboard/applications/${id} (the Discord bot is off)`,
      }),
    ]);
    expectNoPersonalData('nova_designs', 'roblox_des');
  });

  it('logs each contact message once, by its number, not its sender', async () => {
    await startServer({});
    const first = (await post('/api/contact', aContactMessage)).json() as { id: number };
    const second = (await post('/api/contact', aContactMessage)).json() as { id: number };
    expect(notices().map((line) => line.msg)).toEqual(
      [first.id, second.id].map(
        (id) =>
          `New contact message #${id} stored; read it in the dashboard at https://lunar.gg/dashboard/messages/${id} (the Discord bot is off)`,
      ),
    );
    expectNoPersonalData('Jordan', 'jordan@example.com', 'River City');
  });

  it('logs nothing for a bot caught by the honeypot, nor when the bot is on', async () => {
    await startServer({});
    await post('/api/contact', { ...aContactMessage, website: 'http://spam.example' });
    expect(notices()).toEqual([]);
    await server?.close();

    await startServer({ DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: '100000000000000000' });
    expect((await post('/api/contact', aContactMessage)).statusCode).toBe(201);
    expect(notices()).toEqual([]);
  });
});
