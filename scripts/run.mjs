import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `node scripts/run.mjs <name> [args…]`, behind `npm run discord:register`, `db:migrate` and
// the other operator commands: scripts/<name>.ts through tsx where tsx is installed (a clone:
// the sources as they are now), otherwise dist/server/<name>.mjs, compiled by `npm run build`
// (a production install without development dependencies). Same process either way.
const root = fileURLToPath(new URL('..', import.meta.url));
const [name = ''] = process.argv.splice(2, 1); // the script sees only its own arguments
const source = join(root, 'scripts', `${name}.ts`);
const compiled = join(root, 'dist/server', `${name}.mjs`);

if (existsSync(source) && existsSync(join(root, 'node_modules/tsx'))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
} else if (existsSync(compiled)) {
  await import(pathToFileURL(compiled).href);
} else {
  console.error(
    `No script "${name}": neither scripts/${name}.ts with tsx installed nor dist/server/${name}.mjs (run \`npm run build\`).`,
  );
  process.exit(1);
}
