import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// WEB_DIST_DIR (see .env.example) lets a second checkout or a parallel test run build elsewhere.
const distDir = resolve(process.env.WEB_DIST_DIR ?? 'dist/web');

// React Router's package exports point at its development build only (remix-run/react-router
// issue 14102), which warns in the browser's console; the production build it ships beside it
// differs only in that switch. The browser bundle takes the production build.
const reactRouterProduction = resolve(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The client build goes to dist/web/client (served by Fastify); `vite build --ssr` builds the
// prerender entry to dist/web/server, which the server imports to render public pages.
export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve:
    command === 'build' && !isSsrBuild
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : undefined,
  build: {
    outDir: isSsrBuild ? `${distDir}/server` : `${distDir}/client`,
    emptyOutDir: true,
    manifest: !isSsrBuild,
    target: 'es2022',
    // Every browser that runs es2022 modules knows <link rel="modulepreload">: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          // The hydration code is an entry of its own: the page's entry script (small) imports
          // it by the URL the server gives, after the first paint (web/src/entry-client.tsx).
          input: { index: resolve('web/index.html'), hydrate: resolve('web/src/hydrate.tsx') },
          output: {
            // Every page needs React and the router: one vendor file instead of several
            // tiny ones compresses better and saves requests on the first load.
            codeSplitting: {
              groups: [
                {
                  name: 'vendor',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                },
                {
                  // The app shell every page shares (route table, data store, toasts, buttons, icons),
                  // in one file rather than several tiny ones.
                  name: 'shell',
                  test: /core[\\/]site[\\/](routes|api-url)\.|web[\\/]src[\\/](data[\\/](?!post-json)|components[\\/](ui[\\/](toast|button)|icon|promo-button)\.|layout[\\/]hydration-mark\.)|vite[\\/]preload-helper/,
                },
              ],
            },
          },
        },
  },
}));
