import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client build goes to dist/web/client (served by Fastify); `vite build --ssr` builds the
// prerender entry to dist/web/server, which the server imports to render public pages.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: isSsrBuild ? '../dist/web/server' : '../dist/web/client',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    target: 'es2022',
  },
}));
