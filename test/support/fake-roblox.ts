import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback Roblox for tests and benchmarks, written from Roblox's published descriptions:
// the users API (POST /v1/usernames/users), Open Cloud game passes (game-passes/v1, multipart
// create and update, the creator list; 5 writes a second per key owner) and inventory
// (cloud/v2 inventory-items with the gamePassIds filter; 403 for a private inventory, 100
// reads a minute per key owner, 429 with Retry-After past either limit). Every request needs
// the configured x-api-key (401 otherwise), except the public users API.

export interface FakeRobloxOptions {
  apiKey?: string;
  universeId?: string;
  /** The clock the rate limits count on (ms); the benchmark's simulated one, say. */
  now?: () => number;
}

export interface FakeGamePass {
  gamePassId: number;
  name: string;
  description: string;
  price: number | null;
  isForSale: boolean;
  /** Who bought it, by Roblox user id. */
  owners: Set<string>;
}

type Outage = { status: number; paths?: RegExp };

const NAME_MAX = 50;
const DESCRIPTION_MAX = 1000;
const PRICE_MAX = 1_000_000_000;
const WRITES_PER_SECOND = 5;
const INVENTORY_READS_PER_MINUTE = 100;

export async function startFakeRoblox(options: FakeRobloxOptions = {}) {
  const apiKey = options.apiKey ?? 'fake-open-cloud-key-0123456789';
  const universeId = options.universeId ?? '4242';
  const now = options.now ?? Date.now;
  const users = new Map<string, { id: string; name: string; private: boolean }>();
  const passes = new Map<number, FakeGamePass>();
  const requests: { method: string; path: string; status: number }[] = [];
  const writes: number[] = [];
  const inventoryReads: number[] = [];
  let nextUserId = 1_000_000;
  let nextPassId = 9_000_000;
  let outage: Outage | null = null;
  const failures: Outage[] = [];
  let keyRefused = false;

  const json = (res: ServerResponse, status: number, body?: unknown, headers = {}) => {
    res.writeHead(status, {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, errorCode: string, field?: string) =>
    json(res, status, { errorCode, errorMessage: errorCode, ...(field && { field }) });
  const recent = (log: number[], windowMs: number) => {
    while (log.length && (log[0] as number) <= now() - windowMs) log.shift();
    return log.length;
  };
  const view = (pass: FakeGamePass) => ({
    gamePassId: pass.gamePassId,
    name: pass.name,
    description: pass.description,
    isForSale: pass.isForSale,
    iconAssetId: 0,
    createdTimestamp: new Date(0).toISOString(),
    updatedTimestamp: new Date(0).toISOString(),
    priceInformation: { defaultPriceInRobux: pass.price, enabledFeatures: [] },
  });

  async function readForm(req: IncomingMessage): Promise<FormData | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const type = req.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data')) return null;
    // The platform's own multipart parser (undici), as a server framework would use.
    return new Response(Buffer.concat(chunks), { headers: { 'content-type': type } })
      .formData()
      .catch(() => null);
  }

  /** A pass's fields from a form, checked as Roblox checks them; a string is the error field. */
  function passFields(form: FormData, creating: boolean) {
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    const name = text('name');
    const description = text('description');
    const price = text('price');
    const forSale = text('isForSale');
    if (creating && !name) return 'name';
    if (name !== undefined && (name.trim() === '' || name.length > NAME_MAX)) return 'name';
    if (description !== undefined && description.length > DESCRIPTION_MAX) return 'description';
    const priceNumber = price === undefined ? undefined : Number(price);
    if (
      priceNumber !== undefined &&
      (!Number.isInteger(priceNumber) || priceNumber < 1 || priceNumber > PRICE_MAX)
    ) {
      return 'price';
    }
    if (forSale !== undefined && forSale !== 'true' && forSale !== 'false') return 'isForSale';
    return {
      name,
      description,
      price: priceNumber,
      isForSale: forSale === undefined ? undefined : forSale === 'true',
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const fault = failures.find((f) => !f.paths || f.paths.test(path));
    if (fault) {
      failures.splice(failures.indexOf(fault), 1);
      return error(res, fault.status, 'InternalError');
    }
    if (outage && (!outage.paths || outage.paths.test(path))) {
      return error(res, outage.status, 'InternalError');
    }

    if (method === 'POST' && path === '/v1/usernames/users') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let body: { usernames?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return json(res, 400, { errors: [{ code: 0, message: 'BadRequest' }] });
      }
      if (!Array.isArray(body.usernames) || body.usernames.length > 100) {
        return json(res, 400, { errors: [{ code: 2, message: 'Too many usernames.' }] });
      }
      const data = body.usernames.flatMap((requested) => {
        const user = users.get(String(requested).toLowerCase());
        return user
          ? [
              {
                requestedUsername: requested,
                hasVerifiedBadge: false,
                id: Number(user.id),
                name: user.name,
                displayName: user.name,
              },
            ]
          : [];
      });
      return json(res, 200, { data });
    }

    if (keyRefused || req.headers['x-api-key'] !== apiKey) {
      return error(res, 401, 'NotAuthenticated');
    }

    const passesPath = `/game-passes/v1/universes/${universeId}/game-passes`;
    if (path.startsWith('/game-passes/v1/universes/') && !path.startsWith(passesPath)) {
      return error(res, 403, 'UnauthorizedAccess');
    }
    if (method === 'GET' && path === `${passesPath}/creator`) {
      const size = Number(url.searchParams.get('pageSize') ?? 50);
      if (!Number.isInteger(size) || size < 1 || size > 100)
        return error(res, 400, 'InvalidPageSize');
      const all = [...passes.values()];
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const page = all.slice(start, start + size);
      const more = start + size < all.length;
      return json(res, 200, {
        gamePasses: page.map(view),
        nextPageToken: more ? String(start + size) : null,
      });
    }
    const one = path.match(new RegExp(`^${passesPath}/(\\d+)(/creator)?$`));
    if (method === 'GET' && one?.[2]) {
      const pass = passes.get(Number(one[1]));
      return pass ? json(res, 200, view(pass)) : error(res, 404, 'PassNotFound');
    }
    if ((method === 'POST' && path === passesPath) || (method === 'PATCH' && one && !one[2])) {
      if (recent(writes, 1000) >= WRITES_PER_SECOND) {
        return json(res, 429, { errorCode: 'TooManyRequests' }, { 'retry-after': '1' });
      }
      writes.push(now());
      const form = await readForm(req);
      if (!form) return error(res, 400, 'BadRequest');
      const fields = passFields(form, method === 'POST');
      if (typeof fields === 'string') return error(res, 400, 'BadRequest', fields);
      if (method === 'POST') {
        if (fields.isForSale && fields.price === undefined) {
          return error(res, 400, 'PricingConfigError', 'price');
        }
        const pass: FakeGamePass = {
          gamePassId: nextPassId++,
          name: fields.name ?? '',
          description: fields.description ?? '',
          price: fields.price ?? null,
          isForSale: fields.isForSale ?? false,
          owners: new Set(),
        };
        passes.set(pass.gamePassId, pass);
        return json(res, 200, view(pass));
      }
      const pass = passes.get(Number(one?.[1]));
      if (!pass) return error(res, 404, 'PassNotFound');
      const price = fields.price ?? pass.price;
      if ((fields.isForSale ?? pass.isForSale) && price === null) {
        return error(res, 400, 'PricingConfigError', 'price');
      }
      if (fields.name !== undefined) pass.name = fields.name;
      if (fields.description !== undefined) pass.description = fields.description;
      pass.price = price;
      if (fields.isForSale !== undefined) pass.isForSale = fields.isForSale;
      return json(res, 204);
    }

    const inventory = path.match(/^\/cloud\/v2\/users\/(\d+)\/inventory-items$/);
    if (method === 'GET' && inventory) {
      if (recent(inventoryReads, 60_000) >= INVENTORY_READS_PER_MINUTE) {
        const oldest = inventoryReads[0] ?? now();
        const wait = Math.max(1, Math.ceil((oldest + 60_000 - now()) / 1000));
        return json(res, 429, { code: 'RESOURCE_EXHAUSTED' }, { 'retry-after': String(wait) });
      }
      inventoryReads.push(now());
      const userId = inventory[1] as string;
      const user = [...users.values()].find((u) => u.id === userId);
      if (!user) return json(res, 404, { code: 'NOT_FOUND', message: 'User not found.' });
      if (user.private) {
        return json(res, 403, { code: 'PERMISSION_DENIED', message: 'Inventory is private.' });
      }
      const filter = url.searchParams.get('filter') ?? '';
      const ids = filter.match(/^gamePassIds=([\d,]+)$/)?.[1]?.split(',');
      if (filter && !ids) return json(res, 400, { code: 'INVALID_ARGUMENT', message: 'filter' });
      const items = [...passes.values()]
        .filter((pass) => pass.owners.has(userId))
        .filter((pass) => !ids || ids.includes(String(pass.gamePassId)))
        .map((pass) => ({
          path: `users/${userId}/inventory-items/${Buffer.from(`GAME_PASS_ID=${pass.gamePassId}`).toString('base64')}`,
          gamePassDetails: { gamePassId: String(pass.gamePassId) },
        }));
      return json(res, 200, { inventoryItems: items, nextPageToken: '' });
    }
    return json(res, 404, { errorCode: 'NotFound' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.on('finish', () =>
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        status: res.statusCode,
      }),
    );
    handle(req, res, url).catch((failure: unknown) => {
      res.writeHead(500);
      res.end(String(failure));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiKey,
    universeId,
    /** The settings that point Lunar at this fake. */
    env: {
      ROBLOX_OPEN_CLOUD_API_KEY: apiKey,
      ROBLOX_UNIVERSE_ID: universeId,
      ROBLOX_API_URL: base,
      ROBLOX_USERS_API_URL: base,
    },
    requests,
    passes,
    addUser(name: string, { private: hidden = false } = {}): string {
      const id = String(nextUserId++);
      users.set(name.toLowerCase(), { id, name, private: hidden });
      return id;
    },
    setInventoryPrivate(name: string, hidden: boolean) {
      const user = users.get(name.toLowerCase());
      if (user) user.private = hidden;
    },
    /** `userId` buys the pass, as Roblox would let them: only while it is for sale. */
    purchase(userId: string, gamePassId: number | string) {
      const pass = passes.get(Number(gamePassId));
      if (!pass?.isForSale) throw new Error(`game pass ${gamePassId} is not for sale`);
      pass.owners.add(userId);
    },
    passNamed(name: string): FakeGamePass | undefined {
      return [...passes.values()].find((pass) => pass.name === name);
    },
    /** Every matching request answers `status` until `setOutage(null)`. */
    setOutage(status: number | null, paths?: RegExp) {
      outage = status === null ? null : { status, ...(paths && { paths }) };
    },
    /** The next matching request answers `status`. */
    failNext(status: number, paths?: RegExp) {
      failures.push({ status, ...(paths && { paths }) });
    },
    /** The key is revoked: 401 to everything that needs it. */
    setKeyRefused(refused: boolean) {
      keyRefused = refused;
    },
    inventoryRequests: () => requests.filter((r) => r.path.includes('/inventory-items')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeRoblox = Awaited<ReturnType<typeof startFakeRoblox>>;
