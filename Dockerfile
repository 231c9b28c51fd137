# One image serves everything (web client, API, game rooms) on port 2567.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=2567

# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# Dev dependencies too: the client (vite) and the server (tsc, into build/) are built here.
# better-sqlite3 is native: where its prebuilt binary cannot be fetched it compiles from source
# against Node's own headers (/usr/local), with python3, make and g++ removed again in this layer.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && npm_config_nodedir=/usr/local npm ci --include=dev --no-audit --no-fund \
 && node -e "new (require('better-sqlite3'))(':memory:').close()" \
 && apt-get purge -y --auto-remove python3 make g++ \
 && rm -rf /var/lib/apt/lists/* /root/.npm /root/.cache

COPY . .
RUN npm run build

# Rooms and finished games (SQLite, DATA_DIR/samurai.db): keep this directory on a volume.
ENV DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data

EXPOSE 2567
USER node
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://localhost:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "run", "serve"]
