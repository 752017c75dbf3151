import { describe, expect, it } from 'vitest';
import { buildOrderCustomId, type OrderCustomId, parseOrderCustomId } from './custom-ids';

describe('order custom_ids', () => {
  it.each<[OrderCustomId, string]>([
    [{ action: 'verify_payment', orderId: 'ticket-1' }, 'order:verify_payment:ticket-1'],
    [{ action: 'qc_approve', orderId: 'ticket-1', attempt: 2 }, 'order:qc_approve:ticket-1:2'],
    [{ action: 'qc_changes', orderId: 'ticket-1', attempt: 1 }, 'order:qc_changes:ticket-1:1'],
    [
      { action: 'qc_changes_reason', orderId: 'ticket-1', attempt: 1 },
      'order:qc_changes_reason:ticket-1:1',
    ],
    [{ action: 'deliver', orderId: '42' }, 'order:deliver:42'],
    [{ action: 'deliver_noqc', orderId: '42' }, 'order:deliver_noqc:42'],
    [{ action: 'review', orderId: '42' }, 'order:review:42'],
  ])('%j ↔ %s', (parts, customId) => {
    expect(buildOrderCustomId(parts)).toBe(customId);
    expect(parseOrderCustomId(customId)).toEqual(parts);
  });

  it('stays within 100 characters for the longest id and attempt', () => {
    const longest = buildOrderCustomId({
      action: 'qc_changes_reason',
      orderId: 'a'.repeat(32),
      attempt: 999_999_999,
    });
    expect(longest.length).toBeLessThanOrEqual(100);
    expect(parseOrderCustomId(longest)?.attempt).toBe(999_999_999);
  });

  it('refuses to build a malformed id', () => {
    expect(() => buildOrderCustomId({ action: 'deliver', orderId: 'Ticket 1' })).toThrow(
      RangeError,
    );
    expect(() => buildOrderCustomId({ action: 'qc_approve', orderId: 't-1' })).toThrow(RangeError);
    expect(() => buildOrderCustomId({ action: 'deliver', orderId: 't-1', attempt: 1 })).toThrow(
      RangeError,
    );
    expect(() => buildOrderCustomId({ action: 'qc_approve', orderId: 't-1', attempt: 0 })).toThrow(
      RangeError,
    );
  });

  it.each([
    'application:accept:1',
    'order:refund:ticket-1',
    'order:deliver',
    'order:deliver:',
    'order:deliver:ticket-1:1',
    'order:qc_approve:ticket-1',
    'order:qc_approve:ticket-1:0',
    'order:qc_approve:ticket-1:01',
    'order:qc_approve:ticket-1:1.5',
    'order:qc_approve:ticket-1:1:extra',
    'order:deliver:Ticket-1',
    'order:deliver:../etc',
  ])('ignores %s', (customId) => {
    expect(parseOrderCustomId(customId)).toBeNull();
  });
});
