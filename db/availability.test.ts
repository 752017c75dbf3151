import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  connectionErrorCode,
  createAvailability,
  DatabaseUnavailableError,
  isConnectionError,
} from './availability';

const withCode = (code: string) => Object.assign(new Error(code), { code });
const refused = () => withCode('ECONNREFUSED');

describe('connectionErrorCode', () => {
  it.each([
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    'CONNECT_TIMEOUT',
    'ECONNREFUSED',
    'ECONNRESET',
    '08006',
    '08P01',
    '57P01',
    '57P03',
  ])('recognises %s', (code) => {
    expect(connectionErrorCode(withCode(code))).toBe(code);
  });

  it('looks through the causes drizzle and the gate wrap around driver errors', () => {
    const wrapped = new Error('Failed query: insert …', {
      cause: new DatabaseUnavailableError(refused()),
    });
    expect(connectionErrorCode(wrapped)).toBe('DATABASE_UNAVAILABLE');
    expect(connectionErrorCode(new Error('Failed query', { cause: refused() }))).toBe(
      'ECONNREFUSED',
    );
    expect(connectionErrorCode(new AggregateError([refused()]))).toBe('ECONNREFUSED');
  });

  it('leaves query errors alone', () => {
    expect(isConnectionError(withCode('23505'))).toBe(false); // unique violation
    expect(isConnectionError(withCode('57014'))).toBe(false); // statement timeout
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});

describe('createAvailability', () => {
  it('refuses at once after a connection error and reopens when the probe answers', async () => {
    let probes = 0;
    const availability = createAvailability({
      intervalMs: 10,
      probe: async () => {
        probes += 1;
        if (probes < 3) throw refused();
      },
    });
    availability.assertAvailable();
    availability.reportFailure(withCode('CONNECTION_CLOSED'));
    expect(() => availability.assertAvailable()).toThrow(DatabaseUnavailableError);
    for (let waited = 0; probes < 3 && waited < 2_000; waited += 10) await sleep(10);
    await sleep(10);
    expect(probes).toBe(3);
    expect(() => availability.assertAvailable()).not.toThrow();
    availability.close();
  });

  it('ignores errors that are not about the connection', () => {
    let probes = 0;
    const availability = createAvailability({ probe: async () => void probes++ });
    availability.reportFailure(withCode('23505'));
    expect(() => availability.assertAvailable()).not.toThrow();
    expect(probes).toBe(0);
    availability.close();
  });

  it('stops probing once closed', async () => {
    let probes = 0;
    const availability = createAvailability({
      intervalMs: 10,
      probe: async () => {
        probes += 1;
        throw refused();
      },
    });
    availability.reportFailure(refused());
    await sleep(30);
    availability.close();
    const after = probes;
    await sleep(50);
    expect(probes).toBe(after);
  });
});
