import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { afterEach, expect, it } from 'vitest';
import { adaptYoungGenerationToLoad, holdYoungGeneration } from './young-generation';

function youngGenerationBytes(): number {
  return (
    getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
  );
}

/** Allocates objects that live long enough to survive scavenges (what makes V8 grow it). */
function allocateSurvivors(count: number): void {
  const kept: unknown[] = [];
  for (let i = 0; i < count; i++) {
    kept.push({ i, pair: [i, i] });
    if (kept.length > 200_000) kept.length = 0;
  }
}

/** Keeps the event loop busy (utilization near 1) for `ms`. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) allocateSurvivors(10_000);
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

it('holds the young generation while idle, lets it grow under load, holds it again once quiet', {
  timeout: 20_000,
}, async () => {
  holdYoungGeneration();
  // Whatever loading the test runner took it to; it never shrinks by itself.
  const before = youngGenerationBytes();
  stop = adaptYoungGenerationToLoad({ sampleMs: 50, quietSamplesBeforeHold: 4 });

  // Idle samples: allocation alone does not grow it.
  await sleep(120);
  allocateSurvivors(1_000_000);
  expect(youngGenerationBytes()).toBe(before);

  // A busy sample releases it: the same allocation now grows it.
  busyFor(150);
  await sleep(60);
  allocateSurvivors(1_000_000);
  const grown = youngGenerationBytes();
  expect(grown).toBeGreaterThan(before);

  // Quiet for four samples: held again, so it grows no further.
  await sleep(400);
  allocateSurvivors(1_000_000);
  expect(youngGenerationBytes()).toBeLessThanOrEqual(grown);
});
