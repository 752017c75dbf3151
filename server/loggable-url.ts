/** What stands in the log for a secret or a value someone typed. */
const REDACTED = '[redacted]';

/** Paths whose last part is a secret: a one-time sign-in link's token. */
const SECRET_PATHS = [/^(\/auth\/link\/)[^/?#]+/];

/**
 * A request URL as the request log may keep it: the path (a sign-in link's token redacted)
 * and the query's keys with their values redacted. Query values are what people type or are
 * sent (a dashboard search, an OAuth code, an e-mail pasted into a link), so none is kept,
 * on any route; the keys still say what kind of request it was.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = SECRET_PATHS.reduce(
    (current, pattern) => current.replace(pattern, `$1${REDACTED}`),
    path,
  );
  if (queryAt === -1) return redactedPath;
  const keys = [...new URLSearchParams(url.slice(queryAt + 1)).keys()];
  if (keys.length === 0) return redactedPath;
  return `${redactedPath}?${keys.map((key) => `${encodeURIComponent(key)}=${REDACTED}`).join('&')}`;
}
