import { z } from 'zod';
import type { RobloxConfig } from '../../core/config';

// The few Roblox endpoints Lunar uses, typed from Roblox's published descriptions: the users
// API (name → id), Open Cloud game passes (game-passes/v1, multipart) and inventory
// (cloud/v2). Every answer is parsed with zod; every failure is a RobloxError saying what kind.

/** What went wrong, as the caller must treat it. */
export type RobloxFailure =
  /** 5xx, a network error or an answer of the wrong shape: try again later. */
  | 'unavailable'
  /** 429: wait `retryAfterMs`. */
  | 'rate_limited'
  /** 401, or 403 outside the inventory: the key is wrong, expired or lacks a permission. */
  | 'key_refused'
  /** 403 on a user's inventory: they keep it private (an API key cannot see it). */
  | 'private_inventory'
  /** Any other 4xx: the request itself was refused. */
  | 'refused';

export class RobloxError extends Error {
  constructor(
    message: string,
    readonly failure: RobloxFailure,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'RobloxError';
  }
}

const GamePassSchema = z.object({
  gamePassId: z.coerce.number().int().positive(),
  name: z.string(),
  isForSale: z.boolean(),
  priceInformation: z.object({ defaultPriceInRobux: z.number().int().nullable() }).nullish(),
});
export type GamePass = z.infer<typeof GamePassSchema>;

const GamePassListSchema = z.object({
  gamePasses: z.array(GamePassSchema),
  nextPageToken: z.string().nullish(),
});

const UsersByNameSchema = z.object({
  data: z.array(z.object({ id: z.coerce.number().int().positive(), name: z.string() })),
});

const InventorySchema = z.object({
  inventoryItems: z.array(
    z.object({ gamePassDetails: z.object({ gamePassId: z.coerce.string() }).optional() }),
  ),
  nextPageToken: z.string().nullish(),
});

/** How long a call may take before Roblox counts as unavailable. */
const TIMEOUT_MS = 10_000;

/**
 * Game-pass writes are limited to 5 a second per key owner, and Roblox answers past it with a
 * 429 and `Retry-After: 1`: a wait that short is honoured in line (twice at most), so making an
 * order's pass does not slip to the next scheduled try. Longer waits, and inventory reads
 * (counted against the shared budget), go back to the caller.
 */
const WAIT_IN_LINE_MS = 2_000;
const WAITS_IN_LINE = 2;
/** The list of a universe's passes is read 50 at a time; a studio has far fewer pages. */
const MAX_PAGES = 100;

export interface RobloxClient {
  findUserByName(name: string): Promise<{ id: string; name: string } | null>;
  listGamePasses(): Promise<GamePass[]>;
  createGamePass(pass: { name: string; description: string; price: number }): Promise<GamePass>;
  updateGamePass(id: string, change: { price?: number; isForSale?: boolean }): Promise<void>;
  /** Which of `gamePassIds` the user owns; RobloxError 'private_inventory' when hidden. */
  ownedGamePasses(userId: string, gamePassIds: string[]): Promise<Set<string>>;
}

export function createRobloxClient(config: RobloxConfig): RobloxClient {
  const passesUrl = `${config.apiUrl}/game-passes/v1/universes/${config.universeId}/game-passes`;

  async function call(
    url: string,
    init: RequestInit,
    options: { inventory?: boolean; withKey?: boolean } = {},
  ): Promise<unknown> {
    for (let waits = 0; ; waits += 1) {
      try {
        return await callOnce(url, init, options);
      } catch (error) {
        const wait = error instanceof RobloxError ? error.retryAfterMs : null;
        const waitInLine =
          error instanceof RobloxError &&
          error.failure === 'rate_limited' &&
          !options.inventory &&
          waits < WAITS_IN_LINE &&
          wait !== null &&
          wait <= WAIT_IN_LINE_MS;
        if (!waitInLine) throw error;
        await new Promise((resume) => setTimeout(resume, wait));
      }
    }
  }

  async function callOnce(
    url: string,
    init: RequestInit,
    { inventory = false, withKey = true } = {},
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...(withKey && { 'x-api-key': config.apiKey }), ...init.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // The URL is Roblox's (or the configured proxy's) and holds no secret; the key is a header.
      throw new RobloxError(`Roblox did not answer: ${(error as Error).message}`, 'unavailable');
    }
    const { status } = response;
    if (status === 204) return null;
    const text = await response.text();
    if (response.ok) {
      try {
        return JSON.parse(text);
      } catch {
        throw new RobloxError(`Roblox answered ${status} with no JSON`, 'unavailable', status);
      }
    }
    const what = `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${status}`;
    if (status === 429) {
      throw new RobloxError(what, 'rate_limited', status, retryAfterMs(response));
    }
    if (status >= 500) throw new RobloxError(what, 'unavailable', status);
    if (status === 401) throw new RobloxError(what, 'key_refused', status);
    if (status === 403) {
      throw new RobloxError(what, inventory ? 'private_inventory' : 'key_refused', status);
    }
    throw new RobloxError(`${what}: ${text.slice(0, 200)}`, 'refused', status);
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    const result = schema.safeParse(body);
    if (!result.success) throw new RobloxError(`${what}: unexpected answer`, 'unavailable');
    return result.data;
  }

  const form = (fields: Record<string, string | number | boolean | undefined>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) body.append(name, String(value));
    }
    return body;
  };

  return {
    async findUserByName(name) {
      const body = await call(
        `${config.usersApiUrl}/v1/usernames/users`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ usernames: [name], excludeBannedUsers: true }),
        },
        // The users API is public; Lunar's Open Cloud key is not sent to it.
        { withKey: false },
      );
      const [user] = parse(UsersByNameSchema, body, 'users by name').data;
      return user ? { id: String(user.id), name: user.name } : null;
    },

    async listGamePasses() {
      const passes: GamePass[] = [];
      let pageToken: string | null | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query = new URLSearchParams({ pageSize: '50', ...(pageToken && { pageToken }) });
        const body = await call(`${passesUrl}/creator?${query}`, { method: 'GET' });
        const list = parse(GamePassListSchema, body, 'game pass list');
        passes.push(...list.gamePasses);
        pageToken = list.nextPageToken;
        if (!pageToken) break;
      }
      return passes;
    },

    async createGamePass({ name, description, price }) {
      const body = await call(passesUrl, {
        method: 'POST',
        body: form({ name, description, price, isForSale: true }),
      });
      return parse(GamePassSchema, body, 'created game pass');
    },

    async updateGamePass(id, { price, isForSale }) {
      await call(`${passesUrl}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: form({ price, isForSale }),
      });
    },

    async ownedGamePasses(userId, gamePassIds) {
      const owned = new Set<string>();
      if (gamePassIds.length === 0) return owned;
      let pageToken: string | null | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query = new URLSearchParams({
          filter: `gamePassIds=${gamePassIds.join(',')}`,
          maxPageSize: '100',
          ...(pageToken && { pageToken }),
        });
        const url = `${config.apiUrl}/cloud/v2/users/${encodeURIComponent(userId)}/inventory-items?${query}`;
        const body = await call(url, { method: 'GET' }, { inventory: true });
        const list = parse(InventorySchema, body, 'inventory');
        for (const item of list.inventoryItems) {
          if (item.gamePassDetails) owned.add(item.gamePassDetails.gamePassId);
        }
        pageToken = list.nextPageToken;
        if (!pageToken) break;
      }
      return owned;
    },
  };
}

/** Retry-After in seconds (or an HTTP date), as milliseconds; a minute when absent. */
function retryAfterMs(response: Response): number {
  const header = response.headers.get('retry-after');
  if (!header) return 60_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 60_000 : Math.max(0, at - Date.now());
}
