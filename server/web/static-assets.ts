import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHolds, pickEncoding } from './page-cache';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** Hashed names never change content: browsers keep them a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (favicon and the like) may change with a deploy. */
const SHORT = 'public, max-age=3600';

type Variant = { bytes: Buffer; etag: string };
export type StaticAsset = {
  type: string;
  cacheControl: string;
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
};

function variant(bytes: Buffer, suffix: string): Variant {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { bytes, etag: `"${hash}${suffix}"` };
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Every public file of the client build, read into memory once at start with the .gz/.br
 * variants scripts/precompress.ts made (a few hundred KB): a request is a map lookup, with
 * no open/stat/read per request. The template and the Vite manifest are server inputs, not
 * public files.
 */
export function loadStaticAssets(clientDir: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  for (const path of files(clientDir)) {
    const url = `/${relative(clientDir, path).split('\\').join('/')}`;
    if (url === '/index.html' || url.startsWith('/.vite/') || /\.(gz|br)$/.test(url)) continue;
    const read = (suffix: string) =>
      existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined;
    const gz = read('.gz');
    const br = read('.br');
    assets.set(url, {
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: url.startsWith('/assets/') ? IMMUTABLE : SHORT,
      identity: variant(readFileSync(path), ''),
      ...(gz && { gzip: variant(gz, '-gzip') }),
      ...(br && { br: variant(br, '-br') }),
    });
  }
  return assets;
}

/** The variant for the encoding a client wants (pickEncoding), where the build made it. */
export function chooseVariant(
  asset: StaticAsset,
  wanted: 'br' | 'gzip' | 'identity',
): { encoding: 'br' | 'gzip' | 'identity'; chosen: Variant } {
  const encoding = wanted === 'br' && !asset.br ? (asset.gzip ? 'gzip' : 'identity') : wanted;
  const chosen = (encoding !== 'identity' && asset[encoding]) || asset.identity;
  return { encoding: chosen === asset.identity ? 'identity' : encoding, chosen };
}

function send(request: FastifyRequest, reply: FastifyReply, asset: StaticAsset) {
  const wanted = pickEncoding(request.headers['accept-encoding']);
  const { encoding, chosen } = chooseVariant(asset, wanted);
  reply.header('cache-control', asset.cacheControl).header('etag', chosen.etag);
  if (asset.gzip || asset.br) reply.header('vary', 'accept-encoding');
  if (ifNoneMatchHolds(request.headers['if-none-match'], chosen.etag)) {
    return reply.status(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(asset.type).send(chosen.bytes);
}

/** GET (and HEAD) routes for the built files: /assets/* and each top-level file. */
export function serveStaticAssets(app: FastifyInstance, clientDir: string) {
  const assets = loadStaticAssets(clientDir);
  // Compression was done at build time; none per request.
  const options = { compress: false } as const;
  app.get('/assets/*', options, (request, reply) => {
    const asset = assets.get(request.url.split('?')[0] ?? '');
    return asset ? send(request, reply, asset) : reply.callNotFound();
  });
  for (const [url, asset] of assets) {
    if (url.startsWith('/assets/')) continue;
    app.get(url, options, (request, reply) => send(request, reply, asset));
  }
  return assets;
}
