/** Query parameters of an API request; `undefined` and `null` are left out. */
export type ApiParams = Record<string, string | number | boolean | null | undefined>;

/** An API request as a URL or as a path with parameters. */
export type ApiRequest = string | { path: string; params?: ApiParams };

/**
 * The request's URL, parameters sorted: the key under which the server ships a page's data and
 * the browser caches it, so both must build it the same way.
 */
export function apiUrl(request: ApiRequest): string {
  if (typeof request === 'string') return request;
  const query = new URLSearchParams();
  const names = Object.keys(request.params ?? {}).sort();
  for (const name of names) {
    const value = request.params?.[name];
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return search ? `${request.path}?${search}` : request.path;
}
