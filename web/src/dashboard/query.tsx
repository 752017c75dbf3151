import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type ApiRequest, apiUrl } from '../../../core/site/api-url';
import { ApiError, type ApiState, fetchJson, isUnder } from '../data/api-store';
import { sendJson } from '../data/post-json';

// The dashboard's server state, on TanStack Query (decision 026). Queries are keyed by their
// URL, so `invalidateApi(prefix)` refreshes every answer under a path as the public pages'
// `useInvalidate` does; the public pages keep web/src/data/use-api (no TanStack in their
// bundle: this file is imported from dashboard chunks only).

/** 4xx answers will not change on a retry; network failures and 5xx get one more try. */
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

function createDashboardQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Live updates (live.ts) invalidate what changed; 30 s keeps a page switch instant.
      queries: { staleTime: 30_000, retry: retryOnce },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One cache for the page's lifetime in the browser (the dashboard's routes remount the app). */
function dashboardQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createDashboardQueryClient();
  browserClient ??= createDashboardQueryClient();
  return browserClient;
}

export function DashboardQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(dashboardQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Refetches every dashboard answer under `prefix` that is shown; resolves once they have. */
export function useInvalidateApi(): (prefix: string) => Promise<void> {
  const client = useQueryClient();
  return (prefix: string) =>
    client.invalidateQueries({ predicate: (query) => isUnder(String(query.queryKey[0]), prefix) });
}

function stateOf<T>(query: {
  data: T | undefined;
  error: unknown;
  status: 'pending' | 'error' | 'success';
}): ApiState<T> {
  if (query.status === 'error') {
    const error =
      query.error instanceof ApiError
        ? query.error
        : new ApiError(0, (query.error as Error)?.message ?? 'Failed');
    const status =
      error.status === 401 ? 'signed-out' : error.status === 403 ? 'forbidden' : 'error';
    return { status, error };
  }
  if (query.status === 'pending') return { status: 'loading' };
  return { status: 'ready', data: query.data as T };
}

/**
 * A GET under /api/staff, as the `ApiState` that ApiProblem shows: loading, ready, signed out,
 * forbidden, or the error (a failed refetch shows its error too, never the stale answer alone).
 */
export function useStaffQuery<T>(
  request: ApiRequest,
  {
    enabled = true,
    keepPrevious = false,
  }: {
    enabled?: boolean;
    /** Show the last answer while the next one loads (a table's next page or filter). */
    keepPrevious?: boolean;
  } = {},
): ApiState<T> & {
  reload: () => Promise<void> /** the shown answer is the previous one */;
  stale: boolean;
} {
  const url = apiUrl(request);
  const query = useQuery({
    queryKey: [url],
    queryFn: () => fetchJson<T>(url),
    enabled,
    ...(keepPrevious && { placeholderData: keepPreviousData }),
  });
  const { refetch } = query;
  return {
    ...stateOf<T>(query),
    stale: query.isPlaceholderData,
    reload: async () => void (await refetch()),
  };
}

/** A write the server refused (or could not be reached for): its message is the server's. */
export class SendFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
  }
}

/** One write: JSON `body`, or FormData for an upload (multipart). */
type StaffWrite = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
};

/**
 * THE way the dashboard writes (every POST, PUT, PATCH and DELETE under /api/staff goes here):
 * sends `send(vars)` (same-origin: the browser adds the Origin the server's CSRF check reads),
 * throws SendFailed with the server's message and field errors, and refetches the answers
 * under each of `invalidates` once it succeeded. A 409 (someone changed the data meanwhile:
 * decided first, renamed, reordered) refetches them too, so the page shows what is stored now
 * beside the message saying why the write was refused.
 */
export function useStaffMutation<Vars = void, Data = unknown>(
  send: (vars: Vars) => StaffWrite,
  invalidates: readonly string[],
) {
  const invalidate = useInvalidateApi();
  const refresh = () => Promise.all(invalidates.map(invalidate)).then(() => undefined);
  return useMutation<Data, SendFailed, Vars>({
    mutationFn: async (vars) => {
      const { method, url, body } = send(vars);
      const result = await sendJson<Data>(method, url, body);
      if (result.ok) return result.data;
      throw new SendFailed(result.status, result.message, result.fieldErrors);
    },
    onSuccess: refresh,
    onError: async (error) => {
      if (error.status === 409) await refresh();
    },
  });
}
