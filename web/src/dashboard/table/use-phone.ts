import { useSyncExternalStore } from 'react';

// Phones (≤ 640 px, Tailwind's `sm` below): the table's toolbar folds into a Filters sheet and
// its rows become cards. Read from matchMedia, not CSS alone, so only one of each is rendered
// (one search box, one set of row links). The server renders the desktop layout.

const PHONE_QUERY = '(max-width: 640px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
