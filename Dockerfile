# The production image. Not built on the development machines (no container engine there);
# its steps are the commands CI runs: npm ci, npm run build (apps + backend/dist). Production runs on
# Node 24 LTS (CI runs the unit and API tests on Node 24; one start-up test on the machines' Node 20).
# Run: docker run -e NODE_ENV=production -e DATABASE_URL=… (see README, Configuration) image

FROM node:24.21-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY shell/package.json shell/
COPY visitor-flow/package.json visitor-flow/
COPY admin-console/package.json admin-console/
COPY copy-editor/package.json copy-editor/
# npm ci's postinstall applies these to node_modules (patch-package; see patches/README.md).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# Only what the server needs at run time: production dependencies, the built apps, the bundle, the migrations.
RUN npm prune --omit=dev

FROM node:24.21-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/backend/package.json ./backend/
COPY --from=build --chown=node:node /app/backend/dist ./backend/dist
COPY --from=build --chown=node:node /app/backend/migrations ./backend/migrations
COPY --from=build --chown=node:node /app/shell/dist ./shell/dist
COPY --from=build --chown=node:node /app/visitor-flow/dist ./visitor-flow/dist
COPY --from=build --chown=node:node /app/admin-console/dist ./admin-console/dist
COPY --from=build --chown=node:node /app/copy-editor/dist ./copy-editor/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1 (no npm or shell in between): SIGTERM reaches the server, which drains and exits 0.
# --init is not needed for signals; run with `docker run --init` if child processes ever appear.
# --max-semi-space-size=32: a young generation twice V8's default (16 MiB semi-spaces), so a
# rush's short-lived request objects die before a scavenge instead of being copied and promoted.
# bench:rush, default mix, alternating pairs: 16 → 64 MiB: event-loop delay p99 52/72 → 35/32 ms,
# register p99 262/343 → 115/119 ms; 64 → 32 MiB: register p99 108/96 → 82/83 ms, collect p99
# 144/132 → 109/103 ms, peak RSS 459/493 → 405/433 MiB; CPU per arrival the same in both. The
# heap's limit grows by 48 MiB (V8 counts three semi-spaces). bench:rush and bench:register
# start the server with these same flags.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "backend/dist/server.js"]
