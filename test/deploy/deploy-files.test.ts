import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../../core/config';

// No Docker engine or systemd runs in CI: these check that the deployment files agree with
// each other and with what Lunar needs. test/process/production-install.test.ts runs the
// Dockerfile's runtime stage itself.
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

type Service = {
  build?: string;
  image?: string;
  restart?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  stop_grace_period?: string;
};
const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
const dockerfile = read('Dockerfile').replace(/\\\n/g, ' ');
const runtime = dockerfile.slice(dockerfile.search(/^FROM \S+ AS runtime$/m));
const unit = read('deploy/lunar.service');

describe('compose.yaml', () => {
  const { lunar, postgres } = compose.services;

  it('builds Lunar from the Dockerfile and starts it once Postgres 15 answers', () => {
    expect(lunar?.build).toBe('.');
    expect(postgres?.image).toBe('postgres:15');
    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(lunar?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect([lunar?.restart, postgres?.restart]).toEqual(['unless-stopped', 'unless-stopped']);
  });

  it('keeps DATA_DIR (uploaded images) in a named volume and lets a stop drain', () => {
    const dataDir = dockerfile.match(/DATA_DIR=(\S+)/)?.[1];
    expect(lunar?.volumes).toContain(`lunar-data:${dataDir}`);
    expect(lunar?.stop_grace_period).toBe('15s');
  });

  it('points DATABASE_URL at the postgres service, with its user and database', () => {
    const url = new URL(lunar?.environment?.DATABASE_URL ?? '');
    expect(url.hostname).toBe('postgres');
    expect(url.username).toBe(postgres?.environment?.POSTGRES_USER);
    expect(url.pathname).toBe(`/${postgres?.environment?.POSTGRES_DB}`);
  });

  it('keeps the image’s DATA_DIR (the volume) when .env.example is copied to .env', () => {
    // Compose's env_file wins over the image's ENV: a DATA_DIR in the example would move the
    // uploads to a folder the node user cannot create (every application with images failed).
    const fromImage = runtime.match(/DATA_DIR=(\S+)/)?.[1];
    const envFile = Object.fromEntries(
      read('.env.example')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const seen = { DATA_DIR: fromImage, ...envFile, ...lunar?.environment };
    expect(seen.DATA_DIR).toBe('/data');
    expect(read('.env.example')).toMatch(/^# DATA_DIR=\.\/data$/m);
  });

  it('gives Lunar a configuration it accepts (defaults filled in as Compose would)', () => {
    const environment = Object.fromEntries(
      Object.entries(lunar?.environment ?? {}).map(([name, value]) => [
        name,
        value.replace(/\$\{\w+:-([^}]*)\}/g, '$1'),
      ]),
    );
    const result = parseConfig({ NODE_ENV: 'production', ...environment });
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect(environment.HOST).toBe('0.0.0.0');
  });
});

describe('Dockerfile runtime stage', () => {
  it('runs as the unprivileged node user with the embedded database in the volume', () => {
    expect(runtime).toMatch(/^USER node$/m);
    const dataDir = runtime.match(/DATA_DIR=(\S+)/)?.[1];
    expect(runtime).toContain(`VOLUME ["${dataDir}"]`);
    expect(runtime).toContain(`chown node:node ${dataDir}`);
  });

  it('checks /api/health on the port it serves', () => {
    expect(runtime).toMatch(/^HEALTHCHECK .*\/api\/health/m);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
    expect(runtime).toMatch(/PORT=3000/);
  });
});

describe('deploy/lunar.service', () => {
  it('starts what the image starts, with node itself, and restarts it on failure', () => {
    const cmd = JSON.parse(runtime.match(/^CMD (\[.*\])$/m)?.[1] ?? '[]') as string[];
    expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/${cmd.join(' ')}$`, 'm'));
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
  });
});
