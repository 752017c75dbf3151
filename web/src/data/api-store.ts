import type { ApiSnapshot } from '../../../core/site/routes';

// JSON from our API keyed by URL. The server fills it with what a page needs before rendering
// and ships it in the HTML, so hydration shows the same markup without a fetch. Readers refetch
// what a write made stale (`invalidate`) and what has aged past `maxAgeMs`, keeping the old
// answer on screen meanwhile.

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init?.headers },
    });
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      (body as { message?: string } | null)?.message ?? `Request failed (${response.status})`;
    throw new ApiError(response.status, message);
  }
  return body as T;
}

export type ApiState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  /** 'signed-out': 401, 'forbidden': 403, 'error': anything else, network failures included. */
  | { status: 'error' | 'signed-out' | 'forbidden'; data?: undefined; error: ApiError };

const LOADING: ApiState<never> = { status: 'loading' };

function failed(error: unknown): ApiState<never> {
  const apiError =
    error instanceof ApiError ? error : new ApiError(0, (error as Error)?.message ?? 'Failed');
  const status =
    apiError.status === 401 ? 'signed-out' : apiError.status === 403 ? 'forbidden' : 'error';
  return { status, error: apiError };
}

type Entry = {
  state: ApiState<unknown>;
  loadedAt: number;
  /** Bumped by `invalidate`: an answer requested before the bump may predate the write. */
  generation: number;
  loading?: Promise<void>;
};

type ApiStoreOptions = {
  fetcher?: (url: string) => Promise<unknown>;
  /** A reader mounting after this long refetches (showing the old answer meanwhile). */
  maxAgeMs?: number;
  now?: () => number;
};

/** `/api/blog` covers `/api/blog`, `/api/blog/posts` and `/api/blog?x=1`, not `/api/blogs`. */
export function isUnder(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?' || prefix.endsWith('/');
}

export function createApiStore(snapshot: ApiSnapshot, options: ApiStoreOptions = {}) {
  const { fetcher = fetchJson, maxAgeMs = 60_000, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  const watchers = new Map<string, number>();
  const listeners = new Set<() => void>();
  let version = 0;
  let ready: { version: number; answers: ApiSnapshot } = { version: -1, answers: {} };

  for (const [url, data] of Object.entries(snapshot)) {
    entries.set(url, { state: { status: 'ready', data }, loadedAt: now(), generation: 0 });
  }

  function changed() {
    version += 1;
    for (const listener of listeners) listener();
  }

  function load(url: string): Promise<void> {
    let entry = entries.get(url);
    if (!entry) {
      entry = { state: LOADING, loadedAt: 0, generation: 0 };
      entries.set(url, entry);
    }
    if (entry.loading) return entry.loading;
    const target = entry;
    const generation = target.generation;
    target.loading = fetcher(url)
      .then((data): ApiState<unknown> => ({ status: 'ready', data }), failed)
      .then((state) => {
        target.loading = undefined;
        if (entries.get(url) !== target) return;
        if (target.generation !== generation) {
          if ((watchers.get(url) ?? 0) > 0) return load(url);
          entries.delete(url);
          return;
        }
        target.state = state;
        target.loadedAt = now();
        changed();
      });
    return target.loading;
  }

  return {
    read(url: string): ApiState<unknown> {
      return entries.get(url)?.state ?? LOADING;
    },

    /** Registers a reader of `url`; invalidation refetches only what someone reads. */
    watch(url: string, listener: () => void): () => void {
      watchers.set(url, (watchers.get(url) ?? 0) + 1);
      listeners.add(listener);
      return () => {
        watchers.set(url, (watchers.get(url) ?? 1) - 1);
        listeners.delete(listener);
      };
    },

    /** Loads `url` unless a fresh answer is at hand; a failed answer is asked again. */
    ensure(url: string): Promise<void> {
      const entry = entries.get(url);
      const fresh = entry?.state.status === 'ready' && now() - entry.loadedAt < maxAgeMs;
      return fresh ? Promise.resolve() : load(url);
    },

    /**
     * After a write: every answer under `prefix` is stale. Those on screen are refetched (the
     * promise settles when they are back), the rest forgotten.
     */
    invalidate(prefix: string): Promise<void> {
      const reloads: Promise<void>[] = [];
      for (const [url, entry] of entries) {
        if (!isUnder(url, prefix)) continue;
        entry.generation += 1;
        if ((watchers.get(url) ?? 0) > 0) reloads.push(load(url));
        else if (!entry.loading) entries.delete(url);
      }
      return Promise.all(reloads).then(() => undefined);
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    get version() {
      return version;
    },

    /** Every answer at hand, by URL (the page head reads titles from them). */
    answers(): ApiSnapshot {
      if (ready.version !== version) {
        const answers: ApiSnapshot = {};
        for (const [url, entry] of entries) {
          if (entry.state.status === 'ready') answers[url] = entry.state.data;
        }
        ready = { version, answers };
      }
      return ready.answers;
    },
  };
}

export type ApiStore = ReturnType<typeof createApiStore>;
