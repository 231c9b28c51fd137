# One image serves everything (web client, API, game rooms) on port 2567. Two stages: the build
# (every dependency, compilers) and what runs (the compiled server, the built client and the
# server's production dependencies, nothing else). No Docker engine runs where this project is
# developed: see the README's Docker section for what was checked instead.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 is native: where its prebuilt binary cannot be fetched it compiles from its
# bundled SQLite source against Node's own headers (/usr/local/include/node).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local

# Manifests first, so the dependency layers are reused while only sources change.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# The production dependencies of the server and the engines it runs (not the browser client's),
# set aside for the last stage; of better-sqlite3's build only the addon itself is kept.
RUN npm ci --omit=dev --workspace=server --workspace=shared --no-audit --no-fund \
 && node -e "new (require('better-sqlite3'))(':memory:').close()" \
 && cd node_modules/better-sqlite3 \
 && mv build/Release/better_sqlite3.node /tmp/ && rm -rf build deps src \
 && mkdir -p build/Release && mv /tmp/better_sqlite3.node build/Release/ \
 && cd /app && mv node_modules /production_modules
# Everything, to build the client (vite: the files and their .br/.gz) and the server (tsc, into build/).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production PORT=2567 DATA_DIR=/app/data
COPY --from=build /production_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/build build
COPY --from=build /app/client/dist client/dist
RUN node -e "new (require('better-sqlite3'))(':memory:').close()"

# Rooms and finished games (SQLite, DATA_DIR/samurai.db), and backups (npm run backup): keep this
# directory on a volume.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data

EXPOSE 2567
USER node
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://localhost:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself, no npm or shell between: `docker stop`'s SIGTERM reaches the server, which tells its
# rooms, finishes its writes and lets its leases go. Run it under an init as PID 1 (`docker run
# --init`; `init: true` in docker-compose.yml). The flags are `npm run serve`'s (a test keeps them equal).
CMD ["node", "--max-semi-space-size=32", "--heap-growing-percent=100", "build/src/main.js"]
