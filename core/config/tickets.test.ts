import { describe, expect, it } from 'vitest';
import { parseConfig } from './index';

describe('ticket settings', () => {
  it('defaults to one open ticket per service, 7 days to reopen, a warning after 5 quiet days', () => {
    const result = parseConfig({});
    expect(result.ok && result.config.tickets).toEqual({
      categoryId: undefined,
      overflowCategoryId: undefined,
      transcriptsChannelId: undefined,
      onePerService: true,
      reopenDays: 7,
      inactiveWarnDays: 5,
      inactiveCloseDays: 2,
    });
  });

  it('names each bad ticket variable', () => {
    const result = parseConfig({
      DISCORD_TICKETS_CATEGORY_ID: '#tickets',
      TICKETS_ONE_PER_SERVICE: 'yes',
      TICKET_REOPEN_DAYS: '0',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.split(':')[0])).toEqual([
      'DISCORD_TICKETS_CATEGORY_ID',
      'TICKETS_ONE_PER_SERVICE',
      'TICKET_REOPEN_DAYS',
    ]);
  });
});
