import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

// V8's default: each growth doubles the young generation's semi-spaces, up to 16 MB.
const DEFAULT_GROWTH_FACTOR = 2;
/** How often the load is looked at, and the share of that time spent running that is "busy". */
const SAMPLE_MS = 1000;
const BUSY_UTILIZATION = 0.5;
/** Quiet this long, the young generation is held again (V8's memory reducer shrinks it). */
const QUIET_SAMPLES_BEFORE_HOLD = 30;

function setGrowthFactor(factor: number): void {
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
}

/**
 * Keeps V8's young generation at its initial size (1 MB semi-spaces) until the load says
 * otherwise (`adaptYoungGenerationToLoad`). By default it doubles whenever enough objects
 * survive a scavenge, up to 16 MB semi-spaces (~22 MB resident in the main thread); start-up
 * alone (migrations, the seed check, the server renderer, the first renders) takes it there,
 * and V8 gives it back only when its memory reducer runs, 30 s or more after the last burst.
 * An idle server held ~210 MB against issue 13's goal of 200 MB.
 * `--max-semi-space-size` would say the same, but only on the command line, which has several
 * spellings (npm start, the Dockerfile, the systemd unit, the benches); the growth factor is
 * read at each growth, so setting it here, first thing, holds. Creating an isolate (a worker
 * thread) puts the factor back to V8's default: call this again after starting one.
 */
export function holdYoungGeneration(): void {
  setGrowthFactor(1);
}

/**
 * From the end of start-up on: lets the young generation grow while the process is busy, and
 * holds it again after a quiet half-minute. Held under load, 1 MB semi-spaces scavenge so often
 * that the collector took 17–28% of the CPU of a contact POST or a health check, and the
 * throughput with it (docs/decisions/035-young-generation-by-load.md); an idle server keeps the
 * size start-up left. Returns the function that stops watching.
 */
export function adaptYoungGenerationToLoad({
  sampleMs = SAMPLE_MS,
  quietSamplesBeforeHold = QUIET_SAMPLES_BEFORE_HOLD,
} = {}): () => void {
  let last = performance.eventLoopUtilization();
  let held = true;
  let quietSamples = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization >= BUSY_UTILIZATION;
    last = now;
    quietSamples = busy ? 0 : quietSamples + 1;
    if (busy && held) {
      setGrowthFactor(DEFAULT_GROWTH_FACTOR);
      held = false;
    } else if (!held && quietSamples >= quietSamplesBeforeHold) {
      holdYoungGeneration();
      held = true;
    }
  }, sampleMs);
  timer.unref();
  return () => clearInterval(timer);
}
