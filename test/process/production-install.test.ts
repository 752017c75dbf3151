import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeNeeding, IN_CI, POSTGRES_MISSING } from '../support/needs';
import { spawnIn, waitForOutput } from '../support/process';
import {
  composeEnvironment,
  expectApplicationWithImagesStored,
  folderForUnprivileged,
  spawnUnprivileged,
} from '../support/unprivileged';

// The Dockerfile's runtime stage, run here because CI has no Docker engine: its COPY lines
// copy the built tree into an empty directory, its `npm ci --omit=dev` installs production
// dependencies only, and its CMD starts the process — on a fresh Postgres database and on an
// empty DATA_DIR. Whatever `npm start` in production would miss from the development
// dependencies fails here. Needs `npm run build` first (`npm test` runs it).
const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const built = existsSync(join(root, 'dist/server/main.mjs'));

type RuntimeStage = {
  copies: { fromBuild: boolean; sources: string[]; destination: string }[];
  install: string;
  cmd: string[];
};

/** The instructions of the Dockerfile's `runtime` stage this test reproduces. */
function readRuntimeStage(): RuntimeStage {
  const text = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stage = text.slice(text.search(/^FROM \S+ AS runtime$/m));
  const copies = [...stage.matchAll(/^COPY (--from=build )?(.+)$/gm)].map((match) => {
    const words = (match[2] as string).trim().split(/\s+/);
    return {
      fromBuild: Boolean(match[1]),
      // The build stage works in /app: its /app/dist is this checkout's dist/ once built.
      sources: words.slice(0, -1).map((source) => source.replace(/^\/app\//, '')),
      destination: words.at(-1) as string,
    };
  });
  const install = stage.match(/^RUN (npm ci [^&\n]*)/m)?.[1]?.trim() ?? '';
  const cmd = JSON.parse(stage.match(/^CMD (\[.*\])$/m)?.[1] ?? '[]') as string[];
  return { copies, install, cmd };
}

/** COPY as Docker does it: into a directory when the destination ends with / . */
function copyInto(target: string, { sources, destination }: RuntimeStage['copies'][number]) {
  const into = join(target, destination);
  for (const source of sources) {
    const from = join(root, source);
    if (destination.endsWith('/')) {
      mkdirSync(into, { recursive: true });
      cpSync(from, join(into, basename(source)), { recursive: true });
    } else {
      cpSync(from, into, { recursive: true });
    }
  }
}

/** Packages the compiled files import (static and literal dynamic imports). */
function importedPackages(dir: string): Set<string> {
  const packages = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.mjs'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(/(?<![\w$."'])(?:from|import)\s*\(?\s*"([^".][^"]*)"/g)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const parts = specifier.split('/');
      packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
    }
  }
  return packages;
}

describeNeeding(built ? null : 'no build (run `npm run build` first)')(
  'a production install of the build (the Dockerfile runtime stage)',
  () => {
    const stage = readRuntimeStage();
    let target = '';
    let installError: string | undefined;

    beforeAll(async () => {
      target = mkdtempSync(join(tmpdir(), 'lunar-production-'));
      for (const copy of stage.copies) copyInto(target, copy);
      try {
        // Exactly the Dockerfile's command; the npm cache keeps the registry round trips short.
        await promisify(execFile)('sh', ['-c', stage.install], {
          cwd: target,
          env: { ...process.env, npm_config_prefer_offline: 'true', NODE_ENV: 'production' },
          timeout: 240_000,
        });
      } catch (error) {
        installError = String((error as { stderr?: string }).stderr ?? error);
      }
    }, 300_000);
    afterAll(() => {
      if (target) rmSync(target, { recursive: true, force: true });
    });

    it('is what the Dockerfile says: built tree, npm ci --omit=dev, node on dist/server', () => {
      expect(stage.copies.filter((copy) => copy.fromBuild).flatMap((copy) => copy.sources)).toEqual(
        ['dist'],
      );
      expect(stage.copies.flatMap((copy) => copy.sources)).toEqual(
        expect.arrayContaining(['package.json', 'package-lock.json', 'patches']),
      );
      expect(stage.install).toMatch(/^npm ci --omit=dev\b/);
      expect(stage.cmd).toEqual(['node', '--enable-source-maps', 'dist/server/main.mjs']);
    });

    it('imports no development dependency from the compiled server', () => {
      const needed = [...importedPackages(join(root, 'dist/server'))];
      // pino-pretty is loaded only when it is installed (readable logs in development).
      const missing = needed.filter(
        (name) => !manifest.dependencies[name] && name !== 'pino-pretty',
      );
      expect(missing).toEqual([]);
      expect(needed).toEqual(expect.arrayContaining(['fastify', '@electric-sql/pglite']));
      expect(manifest.dependencies).not.toHaveProperty('tsx');
    });

    function skipWithoutInstall(skip: (note?: string) => never) {
      if (!installError) return;
      if (!IN_CI && /ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNREFUSED|ENETUNREACH/.test(installError)) {
        console.warn(
          `production-install: skipped, the npm registry is unreachable:\n${installError}`,
        );
        skip('the npm registry is unreachable');
      }
      throw new Error(`${stage.install} failed:\n${installError}`);
    }

    async function startAndVisit(env: Record<string, string>, { demoTeam = true } = {}) {
      const [command, ...args] = stage.cmd;
      const lunar = spawnIn(target, command as string, args, { NODE_ENV: 'production', ...env });
      try {
        const [, url] = await waitForOutput(lunar, /Lunar is running at (\S+)/);
        const health = await fetch(`${url}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });
        const home = await fetch(`${url}/`);
        expect(home.status).toBe(200);
        // Prerendered on the server from the seeded database: text before any JavaScript.
        const html = await home.text();
        expect(html).toContain('<title>');
        expect(html).toContain('Meet Our Team');
        // The demo people: only on the embedded database (or on request), never by default on
        // a production Postgres.
        if (demoTeam) expect(html).toContain('Team lead');
        else expect(html).not.toContain('Team lead');
      } finally {
        lunar.child.kill('SIGTERM');
      }
      expect(await lunar.exited).toBe(0);
      return lunar.output();
    }

    it('installs without development dependencies', ({ skip }) => {
      skipWithoutInstall(skip);
      const installed = readdirSync(join(target, 'node_modules'));
      expect(installed).toEqual(expect.arrayContaining(['fastify', 'postgres']));
      for (const dev of ['tsx', 'typescript', 'vite', 'esbuild', 'vitest']) {
        expect(installed).not.toContain(dev);
      }
      // The postgres.js patch (patches/) is applied by the production install too.
      expect(readFileSync(join(target, 'node_modules/postgres/src/connection.js'), 'utf8')).toBe(
        readFileSync(join(root, 'node_modules/postgres/src/connection.js'), 'utf8'),
      );
    });

    it.skipIf(POSTGRES_MISSING !== null && !IN_CI)(
      'starts and serves on a fresh Postgres database',
      async ({ skip }) => {
        if (POSTGRES_MISSING) throw new Error(POSTGRES_MISSING);
        skipWithoutInstall(skip);
        const adminUrl = process.env.TEST_DATABASE_URL as string;
        const name = `lunar_production_${randomBytes(6).toString('hex')}`;
        const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
        await admin.unsafe(`create database ${name}`);
        try {
          const url = new URL(adminUrl);
          url.pathname = `/${name}`;
          const output = await startAndVisit({ DATABASE_URL: url.href }, { demoTeam: false });
          expect(output).toContain('"driver":"postgres","seeded":"seeded"');
        } finally {
          await admin.unsafe(`drop database if exists ${name} with (force)`);
          await admin.end();
        }
      },
      90_000,
    );

    it("starts on an empty DATA_DIR from the build's template, and again on that data", async ({
      skip,
    }) => {
      skipWithoutInstall(skip);
      const dataDir = join(target, 'data');
      const first = await startAndVisit({ DATA_DIR: dataDir });
      expect(first).toContain('"driver":"pglite","seeded":"seeded"');
      const second = await startAndVisit({ DATA_DIR: dataDir });
      expect(second).toContain('"seeded":"already-seeded"');
    }, 90_000);

    it('stores an application with images as the image’s user, with a copied .env.example', async ({
      skip,
    }) => {
      skipWithoutInstall(skip);
      // The unprivileged user must reach the installed tree (mkdtemp made it 0700).
      chmodSync(target, 0o755);
      const dataDir = folderForUnprivileged(join(target, 'volume'));
      const [command, ...args] = stage.cmd;
      const lunar = spawnUnprivileged(target, command as string, args, {
        ...composeEnvironment(root, { dataDir }),
        LUNAR_ENV_FILE: '',
      });
      try {
        const [, url] = await waitForOutput(lunar, /Lunar is running at (\S+)/);
        await expectApplicationWithImagesStored(url as string, dataDir);
      } finally {
        // runuser passes the signal on and ends by it: the clean exit is checked above.
        lunar.child.kill('SIGTERM');
        await lunar.exited;
      }
    }, 90_000);

    it('never builds on a production tree: `npm start` goes straight to the build it has', async ({
      skip,
    }) => {
      skipWithoutInstall(skip);
      const check = spawnIn(target, process.execPath, ['scripts/ensure-build.mjs'], {});
      expect(await check.exited).toBe(0);
      expect(check.output()).toBe('');
    });
  },
);

if (!process.env.TEST_DATABASE_URL) {
  console.warn('production-install: the Postgres case is skipped, TEST_DATABASE_URL is not set');
}
