import type { Config } from '../core/config';
import type { Database } from '../db/client';
import { type BackoffOptions, computeRetryDelay } from './delivery/backoff';
import type { Log } from './log';
import { type RunningBot, startBot } from './start-bot';

/** 5 s doubling to 5 min (with jitter): quick after a blip, gentle during a long outage. */
export const BOT_RETRY: BackoffOptions = { baseDelayMs: 5000, maxDelayMs: 5 * 60_000 };

export interface RetryingBot {
  /** The connected bot, once a login has succeeded. */
  current(): RunningBot | undefined;
  /** Stops the retry loop (also mid-login) and disconnects the bot if it is connected. */
  close(): Promise<void>;
}

/**
 * Logs the bot in, and keeps trying in the background when Discord is down at boot. The first
 * attempt is awaited, so a healthy start returns with the bot connected as before.
 */
export async function startBotWithRetry(
  config: Config,
  deps: { db: Database; log: Log },
  backoff: BackoffOptions = BOT_RETRY,
): Promise<RetryingBot> {
  const { log } = deps;
  const stop = new AbortController();
  let bot: RunningBot | undefined;
  let wake: (() => void) | undefined;

  const attempt = async (n: number): Promise<boolean> => {
    try {
      bot = await startBot(config, { ...deps, signal: stop.signal });
      if (n > 1) log.info({ attempt: n }, 'Discord bot connected after retrying');
      return true;
    } catch (error) {
      if (stop.signal.aborted) return true;
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
