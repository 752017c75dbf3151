import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
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

  it('has one label per status, whichever page shows it', () => {
    expect(statusLabel('order', 'qc_passed')).toBe('QC passed');
    expect(statusLabel('order', 'qc_changes_requested')).toBe('QC changes requested');
    expect(statusLabel('ticket', 'awaiting_customer')).toBe('Waiting for the customer');
    expect(statusLabel('application', 'pending')).toBe('Pending');
    expect(statusLabel('delivery', 'pending')).toBe('Waiting');
    expect(statusLabel('order', 'some_new_state')).toBe('Some new state');
    expect(statusOptions('qc').map((option) => option.label)).toEqual([
      'Not submitted',
      'Waiting for review',
      'Passed',
      'Changes requested',
    ]);
  });
});
