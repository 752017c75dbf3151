import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// A fresh clone must install quietly on every Node version package.json's `engines` admits (the
// oldest of each major: 20.19.0, …): no engine warnings, and `npm install` must not rewrite
// package-lock.json.

type LockPackage = { dev?: boolean; optional?: boolean; engines?: { node?: string } | string[] };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockPackage>;
};
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  engines: { node: string };
};
// semver comes with fastify; it is the same range logic npm uses for engine checks.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string };
};
const SUPPORTED_NODE = manifest.engines.node
  .split('||')
  .map((range) => semver.minVersion(range).version);

describe('package-lock.json', () => {
  it('admits every supported Node version in every installed package', () => {
    expect(SUPPORTED_NODE).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        const refused = SUPPORTED_NODE.filter((node) => range && !semver.satisfies(node, range));
        return refused.length > 0 ? [`${path} (${range}) refuses ${refused.join(', ')}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('agrees with package.json on which packages production needs', () => {
    const markedDev = Object.keys(manifest.dependencies).filter(
      (name) => lock.packages[`node_modules/${name}`]?.dev === true,
    );
    expect(markedDev).toEqual([]);
  });
});
