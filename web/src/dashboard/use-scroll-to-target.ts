import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls element `id` into view once `ready` when the address names it (`#pricing`): links
 * into a dashboard page (the go-live checklist's) land on their part after its data loaded,
 * not where it stood while the parts above it were still loading.
 */
export function useScrollToTarget(id: string, ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash === `#${id}`) document.getElementById(id)?.scrollIntoView();
  }, [ready, hash, id]);
}
