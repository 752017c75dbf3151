import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// A fresh clone must install quietly on the Node version every machine here runs: no engine
// warnings, and `npm install` must not rewrite package-lock.json.
const SUPPORTED_NODE = '20.19.0';

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
};

describe('package-lock.json', () => {
  it('admits the supported Node version in every installed package', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(SUPPORTED_NODE, range) ? [`${path} (${range})`] : [];
      });
    expect(refusing).toEqual([]);
    expect(semver.satisfies(SUPPORTED_NODE, manifest.engines.node)).toBe(true);
  });

  it('agrees with package.json on which packages production needs', () => {
    const markedDev = Object.keys(manifest.dependencies).filter(
      (name) => lock.packages[`node_modules/${name}`]?.dev === true,
    );
    expect(markedDev).toEqual([]);
  });
});
