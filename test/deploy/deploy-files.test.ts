import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../../core/config';

// No Docker engine or systemd runs in CI: these check that the deployment files agree with
// each other and with what Lunar needs. test/process/production-install.test.ts runs the
// Dockerfile's runtime stage itself.
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

type Service = {
  profiles?: string[];
  build?: string;
  image?: string;
  restart?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
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

describe('compose.yaml, profile scale (docs/scale-out.md)', () => {
  const scale = Object.entries(compose.services).filter(([, service]) =>
    service.profiles?.includes('scale'),
  );
  const names = scale.map(([name]) => name);
  const nginx = read('deploy/nginx/scale.conf');

  it('adds two web services, nginx, MinIO and its bucket, and nothing to the default start', () => {
    expect(names.sort()).toEqual(['minio', 'minio-bucket', 'proxy', 'web-1', 'web-2']);
    expect(compose.services.lunar?.profiles).toBeUndefined();
    expect(compose.services.postgres?.profiles).toBeUndefined();
  });

  it('runs the web role only in the web services, behind nginx, which proxies to both', () => {
    for (const name of ['web-1', 'web-2']) {
      const web = compose.services[name];
      expect(web?.environment?.LUNAR_ROLES).toBe('web');
      expect(web?.environment?.TRUST_PROXY).toBe('1');
      expect(web?.ports).toBeUndefined();
      expect(nginx).toContain(`server ${name}:${web?.environment?.PORT} `);
    }
    expect(compose.services.proxy?.volumes).toContain(
      './deploy/nginx/scale.conf:/etc/nginx/conf.d/default.conf:ro',
    );
    // Never public: /metrics is not forwarded; live events are not buffered.
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/);
    expect(nginx).toMatch(/location = \/api\/staff\/events \{[^}]*proxy_buffering off;/);
  });
});

describe('deploy/nginx', () => {
  // scale.conf's cache is run for real in test/deploy/nginx-asset-cache.test.ts.
  it('caches hashed files in both configurations, the same way', () => {
    const cacheOf = (conf: string) => ({
      path: conf.match(/^proxy_cache_path [^;]*keys_zone=lunar_assets:[^;]*;/m)?.[0],
      location: conf
        .match(/location \/assets\/ \{[^}]*\}/)?.[0]
        .split('\n')
        .filter((line) => /proxy_cache|add_header/.test(line)),
    });
    const single = cacheOf(read('deploy/nginx/lunar.conf'));
    expect(single.path).toBeDefined();
    expect(single.location).toContain('        proxy_cache lunar_assets;');
    expect(single).toEqual(cacheOf(read('deploy/nginx/scale.conf')));
  });
});

describe('deploy/prometheus', () => {
  const scrape = parse(read('deploy/prometheus/prometheus.yml')) as {
    rule_files: string[];
    scrape_configs: { authorization?: { type: string } }[];
  };
  const alerts = parse(read('deploy/prometheus/alerts.yml')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  const rules = alerts.groups.flatMap((group) => group.rules);
  const source = ['db/metrics.ts', 'server/metrics/registry.ts', 'bot/gateway-metrics.ts']
    .map(read)
    .join('\n');

  it('scrapes with the bearer token and loads the alert rules', () => {
    expect(scrape.rule_files).toEqual(['alerts.yml']);
    expect(scrape.scrape_configs[0]?.authorization?.type).toBe('Bearer');
  });

  it('alerts on a stuck outbox, a refused Discord token and the database down, by metrics Lunar serves', () => {
    expect(rules.map((rule) => rule.alert)).toEqual([
      'LunarOutboxStuck',
      'LunarDiscordTokenRefused',
      'LunarDatabaseDown',
    ]);
    expect(rules[0]?.expr).toContain('> 600');
    for (const rule of rules) {
      const metrics = rule.expr.match(/lunar_\w+/g) ?? [];
      expect(metrics.length).toBeGreaterThan(0);
      for (const metric of metrics) expect(source).toContain(`'${metric}'`);
    }
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

describe('the Node.js version', () => {
  const manifest = JSON.parse(read('package.json')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };
  // semver comes with fastify; it is the same range logic npm uses for engine checks.
  const semver = createRequire(import.meta.url)('semver') as {
    satisfies(version: string, range: string): boolean;
    minVersion(range: string): { version: string };
  };
  const images = [...dockerfile.matchAll(/^FROM (\S+) AS (\w+)$/gm)].map((match) => match[1]);
  const imageMajor = images[0]?.match(/^node:(\d+)-/)?.[1] ?? '';

  it('is the current LTS, 24, in both stages of the image, and package.json admits it', () => {
    expect(images).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim']);
    expect(semver.satisfies(`${imageMajor}.0.0`, manifest.engines.node)).toBe(true);
    // Node 20 (end of life in April 2026) is still admitted: CI's machine runs it.
    expect(semver.satisfies('20.19.0', manifest.engines.node)).toBe(true);
    expect(semver.satisfies('20.18.0', manifest.engines.node)).toBe(false);
  });

  it("is the image's major in CI's second run of the suite", () => {
    const ci = read('.ci/run');
    // .ci/run's own line that picks the major, run here in the checkout.
    const pick = ci.match(/^image_node=.*$/m)?.[0] ?? 'image_node=';
    const picked = execFileSync('sh', ['-c', `${pick}\nprintf %s "$image_node"`], {
      cwd: new URL('../..', import.meta.url),
      encoding: 'utf8',
    });
    expect(picked).toBe(imageMajor);
    expect(ci).toContain('"node@$image_node"');
    expect(ci.match(/^npm test$/gm)).toHaveLength(2);
  });

  it("types the code against the oldest supported major's API", () => {
    const oldest = semver.minVersion(manifest.engines.node).version.split('.')[0];
    expect(manifest.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${oldest}\\.`));
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

// README says what a studio owner does and sees: each variable it tells them to set is in
// .env.example, and what it says about logs holds for the install it is about.
describe('README against the deploy files', () => {
  const readme = read('README.md');
  const example = read('.env.example');
  const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));

  it('lists in .env.example every variable compose.yaml reads from .env', () => {
    const used = new Set(
      [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::-[^}]*)?\}/g)].map((m) => m[1]),
    );
    expect(used).toContain('POSTGRES_PASSWORD');
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('tells people to set only variables .env.example has', () => {
    const docker = readme.slice(readme.indexOf('**Docker.**'), readme.indexOf('**systemd**'));
    const told = [...docker.matchAll(/\bset ([A-Z_*, ]+);/g)].flatMap((m) =>
      (m[1] ?? '').split(',').map((name) => name.trim()),
    );
    expect(told).toContain('POSTGRES_PASSWORD');
    for (const name of told) {
      if (name.endsWith('*')) {
        expect(
          [...listed].some((one) => one?.startsWith(name.slice(0, -1))),
          name,
        ).toBe(true);
      } else {
        expect(listed, name).toContain(name);
      }
    }
  });

  it('promises readable log lines only where pino-pretty is installed', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const logs = readme.slice(readme.indexOf('Logs go to standard output'));
    const paragraph = logs.slice(0, logs.indexOf('\n\n'));
    if (!pkg.dependencies['pino-pretty']) {
      // A production install (npm ci --omit=dev) has no pino-pretty: JSON, whatever the terminal.
      expect(paragraph).toMatch(
        /production install \(`npm ci --omit=dev`[^)]*\)[^.]*always writes JSON/,
      );
      expect(paragraph).not.toMatch(/one readable line per record at a terminal or with/);
    }
  });
});
