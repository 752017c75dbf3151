import { describe, expect, it } from 'vitest';
import { GAME_PASS_NAME_MAX, gamePassName } from './game-pass';
import { nextScheduledCheck, retryDelayMs } from './schedule';

const created = new Date('2026-11-01T12:00:00Z');
const at = (ms: number) => new Date(created.getTime() + ms);
const MIN = 60_000;

describe('the check schedule', () => {
  it('looks every 30 s for 15 minutes, every 5 minutes for a day, hourly for 7 days', () => {
    expect(nextScheduledCheck(created, at(0))).toEqual(at(30_000));
    expect(nextScheduledCheck(created, at(14 * MIN))).toEqual(at(14 * MIN + 30_000));
    expect(nextScheduledCheck(created, at(15 * MIN))).toEqual(at(20 * MIN));
    expect(nextScheduledCheck(created, at(24 * 60 * MIN))).toEqual(at(25 * 60 * MIN));
    // The last look is at the 7 days' end, then none: a verifier is asked.
    const lastHour = 7 * 24 * 60 * MIN - 10 * MIN;
    expect(nextScheduledCheck(created, at(lastHour))).toEqual(at(7 * 24 * 60 * MIN));
    expect(nextScheduledCheck(created, at(7 * 24 * 60 * MIN))).toBeNull();
  });

  it('backs off after failures, doubling to 15 minutes', () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 15 * MIN]);
  });
});

describe('game pass names', () => {
  it('names the order within Roblox’s 50 characters, distinct for long ids', () => {
    expect(gamePassName('ticket-0042')).toBe('Lunar order ticket-0042');
    const long = `ticket-${'a'.repeat(50)}`;
    const other = `ticket-${'a'.repeat(49)}b`;
    expect(gamePassName(long)).toHaveLength(GAME_PASS_NAME_MAX);
    expect(gamePassName(long)).not.toBe(gamePassName(other));
  });
});
