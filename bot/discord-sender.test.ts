import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { classifyDiscordError } from './discord-sender';

const apiError = (status: number, code: number, message: string) =>
  new DiscordAPIError({ code, message }, code, status, 'POST', '/channels/1/messages', {});

describe('classifyDiscordError', () => {
  it('keeps retry_after of a rate limit, in milliseconds', () => {
    const error = new RateLimitError({
      timeToReset: 3000,
      limit: 5,
      method: 'POST',
      hash: 'h',
      url: 'http://x/channels/1/messages',
      route: '/channels/:id/messages',
      majorParameter: '1',
      global: false,
      retryAfter: 3050,
      sublimitTimeout: 0,
      scope: 'user',
    });
    expect(classifyDiscordError(error)).toMatchObject({ kind: 'rate-limited', retryAfterMs: 3050 });
  });

  it('gives up at once when Discord refuses the message itself', () => {
    const failure = classifyDiscordError(apiError(400, 50035, 'Invalid Form Body'));
    expect([failure.kind, failure.message]).toEqual([
      'permanent',
      'Discord 400[50035]: Invalid Form Body',
    ]);
  });

  it('retries what is wrong with the setup rather than the message', () => {
    // A reset token, a missing permission or a wrong channel id fails every queued message
    // alike; once staff fix it, the queue must still go out.
    for (const [status, code] of [
      [403, 50001],
      [403, 50013],
      [404, 10003],
    ] as const) {
      const failure = classifyDiscordError(apiError(status, code, 'no'));
      expect([failure.kind, failure.message]).toEqual([
        'transient',
        `Discord ${status}[${code}]: no`,
      ]);
    }
  });

  it('tells a refused token (401) apart, so the worker pauses instead of retrying', () => {
    expect(classifyDiscordError(apiError(401, 0, '401: Unauthorized')).kind).toBe('unauthorized');
  });

  it('says a 413 was about the upload size, and does not retry it', () => {
    const failure = classifyDiscordError(apiError(413, 40005, 'Request entity too large'));
    expect([failure.kind, failure.message]).toEqual([
      'permanent',
      "Discord 413[40005]: Request entity too large (the files are over Discord's upload limit)",
    ]);
  });

  it('retries server errors and anything unexpected', () => {
    const outage = new HTTPError(503, 'Service Unavailable', 'POST', '/channels/1/messages', {});
    expect(classifyDiscordError(outage).kind).toBe('transient');
    expect(classifyDiscordError(apiError(502, 0, 'bad gateway')).kind).toBe('transient');
    expect(classifyDiscordError(new TypeError('fetch failed')).kind).toBe('transient');
  });
});
