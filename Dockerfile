# Flock in a container: README 'Running at scale' (### Containers and metrics), decision 0218.
# Three named stages: `build` compiles the web app, `deps` installs the production dependencies
# only, and `runtime` holds the built web app, the server and those dependencies, run as the
# image's unprivileged `node` user. tests: server/deployment.test.ts reads this file.

FROM node:20-slim AS build
WORKDIR /app
# The lint workspace's manifest too: npm ci installs exactly the lockfile, workspaces included.
COPY package.json package-lock.json ./
COPY tools/lint/package.json tools/lint/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/lint/package.json tools/lint/package.json
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data \
    BACKUP_DIR=/app/backups
WORKDIR /app
# The server runs from its TypeScript sources through tsx (a production dependency), as npm start
# does; tsconfig.json gives it the @/ import paths.
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json tsconfig.json ./
COPY --chown=node:node server ./server
COPY --chown=node:node domain ./domain
# Only the embedded database writes here; with DATABASE_URL it stays empty.
RUN mkdir -p /app/data /app/backups && chown node:node /app/data /app/backups
USER node
EXPOSE 8080
# Liveness: /api/health answers 200 while the server runs and its database takes writes.
# node:20-slim has no curl; Node's own fetch asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "server/main.ts"]
