import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Hashed assets never change, so they are compressed once here at maximum level and
// the server serves the .br/.gz files from memory (server/web/static-assets.ts) instead of
// compressing per request.
const assetsDir = join(resolve(process.env.WEB_DIST_DIR ?? 'dist/web'), 'client/assets');

for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const path = join(assetsDir, name);
  const source = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
