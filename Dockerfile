# archex's server in a container: the built explorer and the class server from one process
# (docs/class.md, "Hosting").
#   docker build -t archex .
#   docker run -p 5173:5173 -v archex-classes:/data archex
# Classes are kept in the embedded database in /data, or in PostgreSQL when DATABASE_URL names one.

# The explorer built as `npm run build` builds it: the engine to WebAssembly with Debian's
# Emscripten, then the site with Vite.
FROM node:20-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends emscripten cmake ninja-build g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /archex
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies alone (tsx among them: the server runs its TypeScript as it is).
FROM node:20-bookworm-slim AS modules
WORKDIR /archex
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /archex
COPY --from=modules /archex/node_modules node_modules
COPY package.json ./
COPY server server
# The rooms of app/ the server imports (lint/dockerfile.test.ts checks this list against them).
COPY app/classroom app/classroom
COPY app/engine/types.ts app/engine/types.ts
COPY app/i18n app/i18n
COPY app/link app/link
COPY app/presets app/presets
COPY app/results app/results
COPY app/tours app/tours
COPY --from=build /archex/dist dist
RUN mkdir /data && chown node:node /data
ENV NODE_ENV=production ARCHEX_CLASS_DATA=/data PORT=5173 HOST=0.0.0.0
VOLUME /data
# The image's user, not root: node, uid 1000, which owns /data.
USER node
EXPOSE 5173
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/class/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not the tsx command (which runs node as a child): SIGTERM from `docker stop`
# reaches the server, which closes its database before it exits.
CMD ["node", "--import", "tsx", "server/main.ts"]
