import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/app';
import { createTestDatabase } from '../support/database';
import { describeNeeding, POSTGRES_MISSING } from '../support/needs';
import { builtEntry, spawnScript, startLunarProcess, waitForOutput } from '../support/process';
import { folderForUnprivileged, isRoot } from '../support/unprivileged';

const root = fileURLToPath(new URL('../..', import.meta.url));
const OWNER_LINE = /Open this link to sign in as the owner: (\S+)/;
const LINK = /^(https?:\/\/\S+\/auth\/link\/[\w-]{43})$/m;

/** `npm run login-link -- …` as a person runs it, with only the environment a test sets. */
function loginLink(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...builtEntry('login-link'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LUNAR_ENV_FILE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

/** Follows a sign-in link as a browser would: the redirect, the cookie, then who it is. */
async function follow(link: string, site: string) {
  const path = new URL(link).pathname;
  const response = await fetch(new URL(path, site), { redirect: 'manual' });
  const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
  const me = await fetch(new URL('/api/staff/me', site), { headers: { cookie } });
  return { location: response.headers.get('location'), me: await me.json() };
}

describe('npm run login-link on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lunar-login-link-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('asks the running server, opens the database itself when none runs; the owner link prints once', async () => {
    const first = await startLunarProcess({ DATA_DIR: dataDir, LUNAR_ROLES: 'web' });
    // Logged during start-up; the logger may write it just after the "running at" line.
    await waitForOutput(first, /sign in as the owner/);
    const ownerLinks = [...first.output().matchAll(new RegExp(OWNER_LINE, 'g'))].map(
      (match) => match[1],
    );
    expect(ownerLinks).toHaveLength(1);
    expect(await follow(ownerLinks[0] ?? '', first.url)).toMatchObject({
      location: '/dashboard',
      me: { username: 'Owner', roles: ['owner'] },
    });
    const control = join(dataDir, 'control.json');
    expect(statSync(control).mode & 0o777).toBe(0o600);

    // The server holds the data directory: the command asks it, and gets the server's URL.
    const asked = await loginLink(
      ['--discord-id', '123456789012345678', '--role', 'lead', '--username', 'nova'],
      { DATA_DIR: dataDir },
    );
    expect(asked.code, asked.output).toBe(0);
    const askedLink = asked.output.match(LINK)?.[1] ?? '';
    expect(askedLink.startsWith(`${first.url}/auth/link/`)).toBe(true);
    expect(await follow(askedLink, first.url)).toMatchObject({
      location: '/dashboard',
      me: { username: 'nova', roles: ['lead'] },
    });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(control)).toBe(false);

    // No server: the command opens the embedded database itself.
    const offline = await loginLink(['--owner'], { DATA_DIR: dataDir, PORT: '3000' });
    expect(offline.code, offline.output).toBe(0);
    const offlineLink = offline.output.match(LINK)?.[1] ?? '';
    expect(offlineLink).toMatch(/^http:\/\/localhost:3000\/auth\/link\//);

    const second = await startLunarProcess({ DATA_DIR: dataDir, LUNAR_ROLES: 'web' });
    expect(await follow(offlineLink, second.url)).toMatchObject({ me: { roles: ['owner'] } });
    // Checked after requests it answered: any start-up line has been written by now.
    expect(second.output()).toContain('database ready');
    expect(second.output()).not.toMatch(OWNER_LINE);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('refuses without the server’s database: no embedded one in DATA_DIR and no server', async () => {
    // As when run in a shell without the server's DATABASE_URL: a link written to a new
    // embedded database would be one the server never reads.
    const empty = mkdtempSync(join(tmpdir(), 'lunar-login-link-empty-'));
    try {
      const result = await loginLink(['--owner'], { DATA_DIR: empty });
      expect(result.code).toBe(1);
      expect(result.output.trim()).toBe(
        `No Lunar database in DATA_DIR (${empty}) and no running Lunar server holds it. Run ` +
          'this command with the same DATABASE_URL and DATA_DIR as the server (the same .env, ' +
          'from the same folder; with Docker: docker compose exec lunar npm run login-link -- …).',
      );
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);

  it('explains its usage and exits 2 without a role or with a malformed id', async () => {
    const noRole = await loginLink(['--discord-id', '123456789012345678'], { DATA_DIR: dataDir });
    expect(noRole.code).toBe(2);
    expect(noRole.output).toContain('Name at least one --role.');
    expect(noRole.output).toContain('Usage:');
    const badId = await loginLink(['--discord-id', 'nova', '--role', 'lead'], {
      DATA_DIR: dataDir,
    });
    expect(badId.code).toBe(2);
    expect(badId.output).toContain('Discord id must be a Discord user id (17–20 digits)');
    const badRole = await loginLink(['--discord-id', '123456789012345678', '--role', 'admin'], {
      DATA_DIR: dataDir,
    });
    expect(badRole.code).toBe(2);
    expect(badRole.output).toContain('Role must be one of');
  }, 60_000);
});

describeNeeding(POSTGRES_MISSING)('npm run login-link with DATABASE_URL', () => {
  it('writes the link to Postgres and prints it under PUBLIC_URL', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const result = await loginLink(
        ['--discord-id', '223456789012345678', '--role', 'designer', '--role', 'payment_verifier'],
        { DATABASE_URL: database.url ?? '', PUBLIC_URL: 'https://lunar.example' },
      );
      expect(result.code, result.output).toBe(0);
      const link = result.output.match(LINK)?.[1] ?? '';
      expect(link).toMatch(/^https:\/\/lunar\.example\/auth\/link\/[\w-]{43}$/);

      const app = await buildTestApp(database);
      const response = await app.inject({ method: 'GET', url: new URL(link).pathname });
      const cookie = response.cookies.find((item) => item.name === 'lunar_staff');
      const me = await app.inject({
        method: 'GET',
        url: '/api/staff/me',
        headers: { cookie: `lunar_staff=${cookie?.value}` },
      });
      expect(me.json().roles).toEqual(['designer', 'payment_verifier']);
      await app.close();
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('operator commands on an embedded database another user owns', () => {
  const parent = mkdtempSync(join(tmpdir(), 'lunar-not-mine-'));
  chmodSync(parent, 0o755);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));
  // As root (a shell on the server, `sudo -i`), a folder the service user owns; as anyone
  // else, a folder root owns stands in for it.
  const dataDir = isRoot ? folderForUnprivileged(join(parent, 'data')) : '/';
  const owner = isRoot ? 'nobody' : 'root';

  it.each([
    ['login-link', 'login-link', ['--discord-id', '123456789012345678', '--role', 'lead']],
    ['db-migrate', 'db:migrate', []],
    ['db-seed-demo', 'db:seed-demo', []],
  ])(
    '%s refuses, saying whom to run it as, and writes nothing',
    async (script, npm, args) => {
      const command = spawnScript(script, { DATA_DIR: dataDir }, args);
      expect(await command.exited).toBe(1);
      const again = ['npm run', npm, ...(args.length ? ['--', ...args] : [])].join(' ');
      expect(command.output()).toContain(
        `DATA_DIR ${dataDir} belongs to ${owner}, and this command runs as `,
      );
      expect(command.output()).toContain(
        `Nothing was changed. Run it as ${owner}: runuser -u ${owner} -- ${again} ` +
          `(with Docker: docker compose exec lunar ${again}).`,
      );
      if (isRoot) expect(readdirSync(dataDir)).toEqual([]);
    },
    60_000,
  );
});
