# One image serves everything (web client, API, game rooms) on port 2567.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=2567

# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# Dev dependencies too: the client is built here and the server runs its TypeScript via ts-node.
RUN npm ci --include=dev --no-audit --no-fund

COPY . .
RUN npm run build

EXPOSE 2567
USER node
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://localhost:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "run", "serve"]
