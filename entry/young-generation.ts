import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation at its initial size (1 MB semi-spaces) for the life of the
 * process. By default it doubles whenever enough objects survive a scavenge, up to 16 MB
 * semi-spaces (~22 MB resident in the main thread); start-up alone (migrations, the seed check,
 * the server renderer, the first renders) takes it there, and V8 gives it back only when its
 * memory reducer runs, 30 s or more after the last burst. An idle server held ~210 MB against
 * issue 13's goal of 200 MB. The price is more frequent scavenges under load (a few % of CPU
 * per request on this machine, docs/decisions/033-inline-entry-and-young-generation.md).
 * `--max-semi-space-size` would say the same, but only on the command line, which has several
 * spellings (npm start, the Dockerfile, the systemd unit, the benches); the growth factor is
 * read at each growth, so setting it here, first thing, holds. Creating an isolate (a worker
 * thread) puts the factor back to V8's default: call this again after starting one.
 */
export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
