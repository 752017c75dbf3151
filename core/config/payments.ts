import { z } from 'zod';
import { optionalText } from './fields';

// Automatic Robux payments (docs/decisions/051-payments.md): an Open Cloud key and the
// experience that sells one game pass per order, as `config.roblox`. Without them, payments
// are verified by hand as before.

export const paymentVariables = {
  // An Open Cloud API key with game-pass read/write on ROBLOX_UNIVERSE_ID and inventory read.
  ROBLOX_OPEN_CLOUD_API_KEY: optionalText,
  ROBLOX_UNIVERSE_ID: optionalText.refine(
    (value) => value === undefined || /^\d{1,20}$/.test(value),
    {
      message: 'must be the experience’s universe id (digits, from Creator Hub → the experience)',
    },
  ),
  // Roblox's own addresses; tests and proxies point them elsewhere.
  ROBLOX_API_URL: z
    .url({ error: 'must be the Open Cloud base URL, e.g. https://apis.roblox.com' })
    .default('https://apis.roblox.com'),
  ROBLOX_USERS_API_URL: z
    .url({ error: 'must be the users API base URL, e.g. https://users.roblox.com' })
    .default('https://users.roblox.com'),
};

type PaymentVariable = keyof typeof paymentVariables;
type PaymentEnv = z.output<z.ZodObject<typeof paymentVariables>>;

export type RobloxConfig = {
  apiKey: string;
  universeId: string;
  apiUrl: string;
  usersApiUrl: string;
};

/** Moves the parsed payment variables into `roblox` (undefined without a key and universe). */
export function withPaymentsConfig<T extends PaymentEnv>(
  parsed: T,
): { [K in Exclude<keyof T, PaymentVariable>]: T[K] } & { roblox?: RobloxConfig } {
  const rest: Record<string, unknown> = { ...parsed };
  for (const name of Object.keys(paymentVariables)) delete rest[name];
  const { ROBLOX_OPEN_CLOUD_API_KEY: apiKey, ROBLOX_UNIVERSE_ID: universeId } = parsed;
  const roblox =
    apiKey && universeId
      ? {
          apiKey,
          universeId,
          apiUrl: parsed.ROBLOX_API_URL.replace(/\/+$/, ''),
          usersApiUrl: parsed.ROBLOX_USERS_API_URL.replace(/\/+$/, ''),
        }
      : undefined;
  return {
    ...(rest as { [K in Exclude<keyof T, PaymentVariable>]: T[K] }),
    ...(roblox && { roblox }),
  };
}

/**
 * Half a Roblox configuration is refused at start-up: a key without its experience (or the
 * reverse) would leave the studio believing payments are checked when none is.
 */
export function paymentCrossErrors(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  const key = set('ROBLOX_OPEN_CLOUD_API_KEY');
  const universe = set('ROBLOX_UNIVERSE_ID');
  if (key && !universe) {
    return [
      'ROBLOX_UNIVERSE_ID: is required when ROBLOX_OPEN_CLOUD_API_KEY is set: the universe id of the experience that sells the game passes',
    ];
  }
  if (universe && !key) {
    return [
      'ROBLOX_OPEN_CLOUD_API_KEY: is required when ROBLOX_UNIVERSE_ID is set: an Open Cloud API key with game-pass and inventory access (or unset both to verify payments by hand)',
    ];
  }
  return [];
}
