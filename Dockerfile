# Lunar: the web server, the Discord bot and the outbox worker in one image.
# Build: docker build -t lunar .     Run with Postgres: docker compose up -d (compose.yaml)
# test/process/production-install.test.ts runs this file's runtime stage (its COPY, RUN and
# CMD lines) on every `npm test`, since CI has no Docker engine. Node 24 is the current LTS;
# .ci/run runs the whole suite on this major as well as on the machine's Node 20.

# --- build: every dependency, then the web app, the compiled server and the PGlite template.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The install applies patches/ to node_modules (postinstall: patch-package).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies and the build output only; no TypeScript, no tsx.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# run.mjs: `npm run discord:register`, `npm run db:migrate` on the compiled scripts.
COPY scripts/run.mjs scripts/ensure-build.mjs ./scripts/
COPY --from=build /app/dist ./dist
# The embedded database (when DATABASE_URL is unset) lives in the volume, owned by `node`.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]
