import type { Database } from '../db/client';
import { type BackoffOptions, computeRetryDelay } from './delivery/backoff';
import type { Log } from './log';
import { type BotConfig, isInvalidTokenError, type RunningBot, startBot } from './start-bot';

/** 5 s doubling to 5 min (with jitter): quick after a blip, gentle during a long outage. */
export const BOT_RETRY: BackoffOptions = { baseDelayMs: 5000, maxDelayMs: 5 * 60_000 };

export const RETRIES_STOPPED = 'Discord bot stopped retrying: the process is closing';

export const INVALID_TOKEN_MESSAGE =
  'DISCORD_TOKEN is invalid: reset it in the Discord developer portal (Applications → your app → ' +
  'Bot → Reset Token) and set the new token in DISCORD_TOKEN.';

/** Discord refused the token: no retry will get in, a person has to reset it. */
export class InvalidTokenError extends Error {
  constructor(options?: ErrorOptions) {
    super(INVALID_TOKEN_MESSAGE, options);
    this.name = 'InvalidTokenError';
  }
}

interface RetryingBot {
  /** The connected bot, once a login has succeeded. */
  current(): RunningBot | undefined;
  /** Stops the retry loop (also mid-login) and disconnects the bot if it is connected. */
  close(): Promise<void>;
}

/**
 * Logs the bot in, and keeps trying in the background when Discord is down at boot. The first
 * attempt is awaited, so a healthy start returns with the bot connected as before. A token
 * Discord refuses is not an outage: on the first attempt it throws InvalidTokenError, and a
 * later attempt that meets it stops the loop (logged) instead of retrying forever.
 */
export async function startBotWithRetry(
  config: BotConfig,
  deps: { db: Database; log: Log; readyTimeoutMs?: number },
  backoff: BackoffOptions = BOT_RETRY,
): Promise<RetryingBot> {
  const { log } = deps;
  const stop = new AbortController();
  let bot: RunningBot | undefined;
  let wake: (() => void) | undefined;

  let attempts = 0;
  const attempt = async (n: number): Promise<boolean> => {
    attempts = n;
    try {
      bot = await startBot(config, { ...deps, signal: stop.signal });
      if (n > 1) log.info({ attempt: n }, 'Discord bot connected after retrying');
      return true;
    } catch (error) {
      if (stop.signal.aborted) return true;
      if (isInvalidTokenError(error)) {
        if (n === 1) throw new InvalidTokenError({ cause: error });
        log.error({ err: error, attempt: n }, `${INVALID_TOKEN_MESSAGE} The bot stays off.`);
        return true;
      }
      const delayMs = computeRetryDelay(n, backoff);
      log.error(
        { err: error, attempt: n, retryInMs: delayMs },
        'Discord bot could not connect; buttons stay unanswered until it does.',
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      return false;
    }
  };

  let loop: Promise<void> = Promise.resolve();
  if (!(await attempt(1))) {
    loop = (async () => {
      for (let n = 2; !stop.signal.aborted && !(await attempt(n)); n++);
      if (stop.signal.aborted) log.info({ attempts }, RETRIES_STOPPED);
    })();
  }
  return {
    current: () => bot,
    async close() {
      stop.abort();
      wake?.();
      await loop;
      await bot?.close();
    },
  };
}
