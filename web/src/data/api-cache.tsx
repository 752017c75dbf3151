import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

// JSON from our API keyed by URL. The server fills it with what a page needs before
// prerendering and ships it in the HTML, so hydration renders the same markup without a fetch;
// client-side navigation fetches what is missing.

export type ApiSnapshot = Record<string, unknown>;

type ApiCache = {
  entries: Map<string, unknown>;
  listeners: Set<() => void>;
  /** Bumped on every answer stored, so readers of the whole cache know to re-read it. */
  version: number;
};

const ApiCacheContext = createContext<ApiCache | null>(null);

export function ApiCacheProvider({
  snapshot,
  children,
}: {
  snapshot: ApiSnapshot;
  children: ReactNode;
}) {
  const [cache] = useState<ApiCache>(() => ({
    entries: new Map(Object.entries(snapshot)),
    listeners: new Set(),
    version: 0,
  }));
  return <ApiCacheContext.Provider value={cache}>{children}</ApiCacheContext.Provider>;
}

export type ApiState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: Error };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', ...init?.headers },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      (body as { message?: string } | null)?.message ?? `Request failed (${response.status})`;
    throw new ApiError(response.status, message);
  }
  return body as T;
}

export function useApi<T>(url: string): ApiState<T> & { reload: () => void } {
  const cache = useContext(ApiCacheContext);
  if (!cache) throw new Error('useApi needs an ApiCacheProvider');
  const read = useCallback((): ApiState<T> => {
    return cache.entries.has(url)
      ? { status: 'ready', data: cache.entries.get(url) as T, error: undefined }
      : { status: 'loading', data: undefined, error: undefined };
  }, [cache, url]);
  const [state, setState] = useState<ApiState<T>>(read);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const cached = read();
    setState(cached);
    if (cached.status === 'ready' && generation === 0) return;
    let cancelled = false;
    fetchJson<T>(url).then(
      (data) => {
        cache.entries.set(url, data);
        cache.version += 1;
        for (const listener of cache.listeners) listener();
        if (!cancelled) setState({ status: 'ready', data, error: undefined });
      },
      (error: Error) => {
        if (!cancelled) setState({ status: 'error', data: undefined, error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [cache, url, read, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}

/** Every API answer loaded so far; re-renders when one arrives (the page head reads it). */
export function useApiSnapshot(): ApiSnapshot {
  const cache = useContext(ApiCacheContext);
  if (!cache) throw new Error('useApiSnapshot needs an ApiCacheProvider');
  const subscribe = useCallback(
    (listener: () => void) => {
      cache.listeners.add(listener);
      return () => cache.listeners.delete(listener);
    },
    [cache],
  );
  const read = () => cache.version;
  const version = useSyncExternalStore(subscribe, read, read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version changes when an answer arrives
  return useMemo(() => Object.fromEntries(cache.entries), [cache, version]);
}
