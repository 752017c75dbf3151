import { afterAll, describe, expect, it } from 'vitest';
import { type BotHarness, startBotHarness } from './harness';

// Start-up reads the application's flags: without the Message Content intent, transcripts
// would have no text, so the log says how to turn it on.
describe('the Message Content intent at start-up', () => {
  const harnesses: BotHarness[] = [];
  afterAll(async () => {
    await Promise.all(harnesses.map((h) => h.close()));
  });
  const warned = (h: BotHarness) =>
    h.log.lines.some(
      (line) => line.level === 'warn' && String(line.obj).includes('Message Content intent is off'),
    );

  it('warns when the intent is off, and not when it is on', async () => {
    const off = await startBotHarness('pglite', { fakeOptions: { applicationFlags: 0 } });
    harnesses.push(off);
    await expect.poll(() => warned(off), { timeout: 30_000 }).toBe(true);
    const on = await startBotHarness('pglite');
    harnesses.push(on);
    await expect
      .poll(() => on.fake.requests.some((r) => r.path === '/applications/@me'), { timeout: 30_000 })
      .toBe(true);
    expect(warned(on)).toBe(false);
  });
});
