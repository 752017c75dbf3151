import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layout of docs/decisions/005-layout.md, checked on every import: core ← db ← {bot,
// server}, core ← web, and only the entry above both halves. Tests count too, so a shortcut
// through a test file is caught as well.
const root = fileURLToPath(new URL('..', import.meta.url));

const MAY_IMPORT: Record<string, string[]> = {
  core: ['core'],
  db: ['db', 'core'],
  bot: ['bot', 'db', 'core'],
  // The server prerenders the site, so it imports web/src's entry.
  server: ['server', 'db', 'core', 'web'],
  // The README as text: the go-live checklist opens its sections (web/src/dashboard/overview).
  web: ['web', 'core', 'README.md?raw'],
  entry: ['entry', 'server', 'bot', 'db', 'core'],
};

/** Packages a folder must not load (besides core, which may load zod alone). */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = {
  // The server reaches Discord only through the outbox and bot/'s narrow interfaces.
  server: /^(discord\.js|@discordjs\/)/,
  bot: /^(fastify|@fastify\/)/,
};

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names: static imports and re-exports, side-effect and dynamic imports. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = text.matchAll(
    /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(=])import\s*(?:\(\s*)?['"]([^'"]+)['"]/gm,
  );
  return [...found].map((match) => (match[1] ?? match[2]) as string);
}

function violations(folder: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(join(root, folder))) {
    const name = relative(root, file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) {
        const target = relative(root, resolve(dirname(file), specifier)).split(/[\\/]/)[0] ?? '';
        if (!MAY_IMPORT[folder]?.includes(target)) problems.push(`${name} imports ${target}/`);
      } else if (folder === 'core') {
        const allowed = specifier === 'zod' || (isTest(file) && /^(vitest|node:)/.test(specifier));
        if (!allowed) problems.push(`${name} imports ${specifier} (core/ imports only zod)`);
      } else if (FORBIDDEN_PACKAGES[folder]?.test(specifier)) {
        problems.push(`${name} imports ${specifier}`);
      }
    }
  }
  return problems;
}

/**
 * Packages loaded when `file` is loaded: value imports followed through our own files, not
 * `import type` (erased) nor `import()` (loaded when called).
 */
function packagesLoadedBy(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(
    /^\s*(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]/gm,
  )) {
    const specifier = match[1] as string;
    if (!specifier.startsWith('.')) {
      packages.add(specifier);
      continue;
    }
    const base = resolve(dirname(file), specifier);
    const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(existsSync);
    if (target) for (const name of packagesLoadedBy(target, seen)) packages.add(name);
  }
  return packages;
}

describe('the layout', () => {
  it.each(Object.keys(MAY_IMPORT))('%s/ imports only what its layer may', (folder) => {
    expect(violations(folder)).toEqual([]);
  });

  it('starts a process without loading discord.js until a bot or worker role needs it', () => {
    // Tens of MB of memory a web-only process, or one without a token, does not pay for.
    const loaded = packagesLoadedBy(join(root, 'entry/start.ts'));
    expect(loaded).toContain('fastify');
    expect(loaded).not.toContain('discord.js');
  });

  it('finds the imports it checks, so an empty result means something', () => {
    const entry = importsOf(join(root, 'entry/start.ts'));
    expect(entry).toEqual(expect.arrayContaining(['../bot', '../server', '../core/config']));
    expect(importsOf(join(root, 'bot/index.ts'))).toContain('./start-roles');
  });
});
