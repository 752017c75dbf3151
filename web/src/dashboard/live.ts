import { useEffect } from 'react';
import { useInvalidate } from '../data/use-api';

/** The kinds of change /api/staff/events announces (server/live/staff-events.ts). */
export type LiveEventType = 'application' | 'message' | 'order' | 'review' | 'payout' | 'outbox';

/**
 * Refetches what is shown under `prefix` (e.g. '/api/staff/orders') whenever the server
 * announces a change of one of `types`, so an open page stays current without a reload.
 * EventSource reconnects by itself (the server ends a stream every few minutes).
 */
export function useLiveRefresh(types: readonly LiveEventType[], prefix: string): void {
  const invalidate = useInvalidate();
  const key = types.join(',');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/staff/events');
    const refresh = () => void invalidate(prefix);
    for (const type of key.split(',')) source.addEventListener(type, refresh);
    return () => source.close();
  }, [invalidate, key, prefix]);
}
