import { describe, expect, it } from 'vitest';
import {
  customerName,
  customerTitle,
  formatDateTime,
  formatDay,
  formatDayOfYear,
  formatFullTimestamp,
  formatNumber,
  formatRobux,
  personName,
} from './format';
import { statusLabel, statusOptions } from './labels';

describe('the dashboard display format', () => {
  const moment = '2026-11-28T21:44:05.123Z';

  it('writes every moment one way, short, in the given zone', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('28 Nov 2026, 21:44');
    expect(formatDateTime(new Date(moment), 'Europe/Paris')).toBe('28 Nov 2026, 22:44');
    expect(formatDateTime(Date.parse(moment), 'UTC')).toBe('28 Nov 2026, 21:44');
  });

  it('gives the full timestamp, with seconds and zone, for the hover', () => {
    expect(formatFullTimestamp(moment, 'UTC')).toBe('Saturday, 28 November 2026 at 21:44:05 UTC');
  });

  it('writes calendar days as the UTC days the server counts', () => {
    expect(formatDay('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDay('2026-11-23T00:00:00.000Z')).toBe('23 Nov 2026');
  });

  it('spells every month in three letters, September too (en-GB says "Sept")', () => {
    expect(formatDay('2026-09-07')).toBe('7 Sep 2026');
    expect(formatDateTime('2026-09-07T08:05:00Z', 'UTC')).toBe('7 Sep 2026, 08:05');
    expect(formatDateTime('2026-06-30T23:30:00Z', 'Europe/Paris')).toBe('1 Jul 2026, 01:30');
    expect(formatDayOfYear('2026-09-07')).toBe('7 Sep');
    expect(formatDayOfYear('2026-11-23')).toBe('23 Nov');
  });

  it('writes numbers and Robux with separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatRobux(12345)).toBe('12,345 R$');
    expect(formatRobux(0)).toBe('0 R$');
  });

  it('names people, or shows their id until they are seen', () => {
    expect(personName('designer_dora', '500000000000000101')).toBe('designer_dora');
    expect(personName(null, '500000000000000101')).toBe('500000000000000101');
    expect(personName('  ', '500000000000000101')).toBe('500000000000000101');
  });

  it('names a customer once: Discord name, else Roblox name, the accounts on hover', () => {
    const known = { discordId: '500000000000000301', name: 'Cara', roblox: 'Cara_R' };
    expect(customerName(known)).toBe('Cara');
    expect(customerTitle(known)).toBe('Discord id 500000000000000301 · Roblox: Cara_R');
    const unseen = { ...known, name: null };
    expect(customerName(unseen)).toBe('Cara_R');
    expect(customerName({ ...known, name: ' ' })).toBe('Cara_R');
    const noAccount = { discordId: null, name: null, roblox: 'Cara_R' };
    expect(customerName(noAccount)).toBe('Cara_R');
    expect(customerTitle(noAccount)).toBe('Roblox: Cara_R');
  });

  it('has one label per status, whichever page shows it', () => {
    expect(statusLabel('order', 'qc_passed')).toBe('QC passed');
    expect(statusLabel('order', 'qc_changes_requested')).toBe('QC changes requested');
    expect(statusLabel('ticket', 'awaiting_customer')).toBe('Waiting for the customer');
    expect(statusLabel('application', 'pending')).toBe('Pending');
    expect(statusLabel('delivery', 'pending')).toBe('Waiting');
    expect(statusLabel('order', 'some_new_state')).toBe('Some new state');
    expect(statusLabel('payment', 'awaiting')).toBe('Awaiting payment');
    expect(statusLabel('message', 'handled')).toBe('Handled');
    expect(statusLabel('payout', 'part_paid')).toBe('Part paid');
    expect(statusOptions('qc').map((option) => option.label)).toEqual([
      'Not submitted',
      'Waiting for review',
      'Passed',
      'Changes requested',
    ]);
  });
});
