import { describe, expect, it } from 'vitest';
import { customerProblem, TICKET_FAILED_ADVICE } from './customer-view';
import { joinRefusalOf } from './join-refusals';
import { asSentence } from './messages';

describe('what a ticket tells its customer', () => {
  it('ends a reason with one full stop, never two', () => {
    expect(asSentence('done.')).toBe('done.');
    expect(asSentence('done')).toBe('done.');
    expect(asSentence('All good! ')).toBe('All good!');
  });

  it('maps Discord’s refused joins to a reason, and leaves other failures to retries', () => {
    expect([30001, 40007, 50025, 500, undefined].map(joinRefusalOf)).toEqual([
      'too_many_servers',
      'banned',
      'access_revoked',
      null,
      null,
    ]);
  });

  it('says what stands in the way: a failed opening, or a refused join until the close', () => {
    expect(customerProblem({ status: 'failed', joinRefusal: null })).toBe(TICKET_FAILED_ADVICE);
    expect(customerProblem({ status: 'open', joinRefusal: 'banned' })).toMatch(/banned/);
    expect(customerProblem({ status: 'closed', joinRefusal: 'banned' })).toBeNull();
    expect(customerProblem({ status: 'open', joinRefusal: null })).toBeNull();
  });
});
