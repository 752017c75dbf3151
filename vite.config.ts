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

// The modules of the first-load chunk (below): libraries, the shared app shell, and what the
// hydration entry imports (web/src/hydrate.tsx itself stays the entry).
const FIRST_LOAD_MODULES = [
  /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
  /core[\\/]site[\\/](routes|api-url)\./,
  /web[\\/]src[\\/](data[\\/](?!post-json)|components[\\/](ui[\\/](toast|button)|icon|promo-button)\.)/,
  /web[\\/]src[\\/](root|app|app-routes|navigation-guard|pages[\\/]index)\./,
  /web[\\/]src[\\/]layout[\\/](hydration-mark|site-layout|page-outlet|navbar|nav-menu|nav-item|services-menu|document-head|cookie-consent)\./,
  /vite[\\/]preload-helper/,
];

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
    // No preload helper in the lazy imports: its list of every lazy chunk's dependencies weighs
    // 1.1 KB (gzip) of the home page's first load, which stays under its budget (issue 30) only
    // without it. The price: on a client navigation, a page chunk's own shared chunks are
    // fetched once the page chunk has arrived (one round trip more). The first load is
    // unaffected: the server preloads the current page's chunks from the manifest
    // (server/web/web-build.ts).
    modulePreload: false,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          // The hydration code is an entry of its own: the page's entry script (small) imports
          // it by the URL the server gives, after the first paint (web/src/entry-client.tsx).
          input: { index: resolve('web/index.html'), hydrate: resolve('web/src/hydrate.tsx') },
          output: {
            codeSplitting: {
              groups: [
                {
                  // What every page loads before it hydrates, in one file: React, the router and
                  // the app shell (route table, data store, toasts, buttons, icons, the public
                  // layout and its navbar). One file compresses better than several (each gzip
                  // stream starts with an empty dictionary) and saves requests; the price is
                  // that a change to the shell refetches React too.
                  name: 'vendor',
                  test: (id) => FIRST_LOAD_MODULES.some((pattern) => pattern.test(id)),
                },
              ],
            },
          },
        },
  },
}));
