# syntax=docker/dockerfile:1
# The app image (docs/operations.md): built here, run as the unprivileged `node` user with only
# production dependencies. Node 24 is an LTS line that package.json `engines` allows.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency, then the client, the service worker and the server bundle.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (the bundle keeps its packages external).
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 3. What runs: the bundle, its migrations, the built client and node_modules; nothing else.
FROM ${NODE_IMAGE}
ENV APP_ENV=production \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# Root owns the code; the app may write only its data directory.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready = the database answers (/readyz); an orchestrator stops routing to it otherwise.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains on SIGTERM and exits within 10 s (server/shutdown.ts).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
