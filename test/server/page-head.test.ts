import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnce } from '../../db/seed';
import { buildTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

describe('portfolio page head (built web app)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedOnce(database.db);
    app = await buildTestApp(database, {
      web: true,
      env: { PUBLIC_URL: 'https://lunar.example', DEFAULT_PORTFOLIO_USERNAME: 'novadev' },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const head = async (url: string) => {
    const html = (await app.inject({ method: 'GET', url })).body;
    return {
      title: html.match(/<title>([^<]*)<\/title>/)?.[1],
      canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
      noindex: html.includes('<meta name="robots" content="noindex" />'),
    };
  };

  it('names the default profile and points search engines at it for an unknown username', async () => {
    const served = (await app.inject({ method: 'GET', url: '/api/portfolios/novadev' })).json();
    expect(await head('/team/portfolios/made-up-name')).toEqual({
      title: `${served.name} — Portfolio — Lunar`,
      canonical: 'https://lunar.example/team/portfolios/novadev',
      noindex: true,
    });
  });

  it('keeps a known profile indexable at its own URL', async () => {
    const served = (await app.inject({ method: 'GET', url: '/api/portfolios/ashgfx' })).json();
    expect(await head('/team/portfolios/ashgfx')).toEqual({
      title: `${served.name} — Portfolio — Lunar`,
      canonical: 'https://lunar.example/team/portfolios/ashgfx',
      noindex: false,
    });
  });
});

// DESIGN.md: the server talks to web only through the build, so it may import web types only.
describe('server → web dependency direction', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );

  it('has no value import of web/ in server code', () => {
    const offenders = files('server')
      .filter((path) => path.endsWith('.ts'))
      .filter((path) =>
        /^import (?!type )[^;]*from '(\.\.\/)+web\//m.test(readFileSync(path, 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});
