import type { ServerResponse } from 'node:http';
import type { FakeState, Fault, FaultMatch, RecordedRequest } from './state';

/** The fault that should answer this request instead of its route, if any. */
export function takeFault(state: FakeState, request: RecordedRequest): Fault | undefined {
  const isMessageCreate =
    request.method === 'POST' && /^\/channels\/[^/]+\/messages$/.test(request.path);
  if (state.outage && isMessageCreate) return { status: 503 };
  if (state.oauth.outage && request.path === '/oauth2/token') return { status: state.oauth.outage };
  const pending = state.faults.find((item) => item.remaining > 0 && matches(item.match, request));
  if (!pending) return undefined;
  pending.remaining--;
  if (pending.remaining === 0) state.faults.splice(state.faults.indexOf(pending), 1);
  return pending.fault;
}

/**
 * Create Guild Channel past the per-guild creation limit: a 429 with `retry_after` until the
 * oldest creation leaves the window (shared scope: the guild's limit, not the bot's).
 */
export function takeChannelCreateLimit(
  state: FakeState,
  request: RecordedRequest,
): Fault | undefined {
  if (request.method !== 'POST' || !/^\/guilds\/[^/]+\/channels$/.test(request.path))
    return undefined;
  const now = Date.now();
  const { limit, windowMs } = state.channelCreateRate;
  const recent = state.channelCreations.filter((at) => at > now - windowMs);
  state.channelCreations.splice(0, state.channelCreations.length, ...recent);
  if (recent.length < limit) return undefined;
  const oldest = recent[0] ?? now;
  return {
    status: 429,
    retryAfter: Math.max(0.001, (oldest + windowMs - now) / 1000),
    scope: 'shared',
  };
}

/** How long to hold this request before answering it (0: not held). */
export function takeDelay(state: FakeState, request: RecordedRequest): number {
  const pending = state.delays.find((item) => item.remaining > 0 && matches(item.match, request));
  if (!pending) return 0;
  pending.remaining--;
  if (pending.remaining === 0) state.delays.splice(state.delays.indexOf(pending), 1);
  return pending.ms;
}

function matches(match: FaultMatch | undefined, request: RecordedRequest): boolean {
  return (
    (!match?.method || match.method === request.method) &&
    (!match?.path || match.path.test(request.path))
  );
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Writes the fault with the headers @discordjs/rest reads to decide how long to wait. */
export function sendFault(res: ServerResponse, fault: Fault, bucket: string): void {
  if (fault.status === 429) {
    const global = fault.global === true;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'retry-after': String(fault.retryAfter),
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Date.now() / 1000 + fault.retryAfter),
      'x-ratelimit-reset-after': String(fault.retryAfter),
      'x-ratelimit-bucket': bucket,
      'x-ratelimit-scope': global ? 'global' : (fault.scope ?? 'user'),
    };
    if (global) headers['x-ratelimit-global'] = 'true';
    res.writeHead(429, headers);
    res.end(
      JSON.stringify({
        message: 'You are being rate limited.',
        retry_after: fault.retryAfter,
        global,
      }),
    );
    return;
  }
  res.writeHead(fault.status, { 'content-type': 'application/json' });
  if ('code' in fault) {
    res.end(
      JSON.stringify({ message: fault.message ?? `${fault.status}: refused`, code: fault.code }),
    );
    return;
  }
  res.end(JSON.stringify({ message: `${fault.status}: ${STATUS_TEXT[fault.status]}`, code: 0 }));
}
