import { useEffect, useRef } from 'react';
import { useInvalidateApi } from './query';

/** The kinds of change /api/staff/events announces (server/live/staff-events.ts). */
type LiveEventType =
  | 'application'
  | 'message'
  | 'order'
  | 'review'
  | 'payout'
  | 'outbox'
  | 'ticket';

/**
 * Invalidates the queries under `prefix` (e.g. '/api/staff/orders') whenever the server
 * announces a change of one of `types`, so an open page stays current without a reload.
 * EventSource reconnects by itself (the server ends a stream every few minutes); a change
 * announced while it was away is caught by invalidating again each time it opens, the first
 * time too: a change made between the page's first answer and the stream's opening is no
 * less missed.
 */
export function useLiveRefresh(types: readonly LiveEventType[], prefix: string): void {
  const invalidate = useInvalidateApi();
  // The latest invalidate, without reopening the stream on every render.
  const latest = useRef(invalidate);
  latest.current = invalidate;
  const key = types.join(',');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/staff/events');
    const refresh = () => void latest.current(prefix);
    source.addEventListener('open', refresh);
    for (const type of key.split(',')) source.addEventListener(type, refresh);
    return () => source.close();
  }, [key, prefix]);
}
