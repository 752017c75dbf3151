import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { type ApiRequest, apiUrl } from '../../../core/site/api-url';
import type { ApiSnapshot } from '../../../core/site/routes';
import { type ApiState, type ApiStore, createApiStore } from './api-store';

export type { ApiState } from './api-store';

const ApiStoreContext = createContext<ApiStore | null>(null);

/** One store per page load, seeded with the answers the server rendered the page with. */
export function ApiProvider({
  snapshot,
  children,
}: {
  snapshot: ApiSnapshot;
  children: ReactNode;
}) {
  const [store] = useState(() => createApiStore(snapshot));
  return <ApiStoreContext.Provider value={store}>{children}</ApiStoreContext.Provider>;
}

function useApiStore(): ApiStore {
  const store = useContext(ApiStoreContext);
  if (!store) throw new Error('The API hooks need an ApiProvider');
  return store;
}

/**
 * An API answer for a component: `useApi('/api/team')` or
 * `useApi({ path: '/api/blog/posts', params: { limit: 5 } })`. Renders the server's answer on
 * hydration without fetching; fetches what is missing, failed or old; refetches after
 * `invalidate`. 401 and 403 come back as 'signed-out' and 'forbidden' (see ApiProblem).
 */
export function useApi<T>(request: ApiRequest): ApiState<T> & { reload: () => Promise<void> } {
  const store = useApiStore();
  const url = apiUrl(request);
  const watch = useCallback((listener: () => void) => store.watch(url, listener), [store, url]);
  const read = () => store.read(url) as ApiState<T>;
  const state = useSyncExternalStore(watch, read, read);
  useEffect(() => {
    store.ensure(url);
  }, [store, url]);
  const reload = useCallback(() => store.invalidate(url), [store, url]);
  return { ...state, reload };
}

/** `invalidate(prefix)` after a write: readers under it refetch; resolves once they have. */
export function useInvalidate(): (prefix: string) => Promise<void> {
  return useApiStore().invalidate;
}

/** Every API answer at hand; re-renders when one arrives (the page head reads it). */
export function useApiAnswers(): ApiSnapshot {
  const store = useApiStore();
  const read = () => store.answers();
  return useSyncExternalStore(store.subscribe, read, read);
}
