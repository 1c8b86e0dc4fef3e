# syntax=docker/dockerfile:1
# One image recipe for every Node service of the portal (command-api, query-api, projectors,
# notifier, ats-engine). The build context is the repository root (see /.dockerignore):
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=command-api -t portal/command-api .
# docker-compose.yml builds each service this way; tests/compose.int.test.ts keeps the two in step.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- manifests: the lock file and every workspace's package.json (npm checks all of them against the lock) ----
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY projectors/package.json projectors/
COPY notifier/package.json notifier/
COPY ats-engine/package.json ats-engine/
COPY frontend/package.json frontend/

# ---- deps: the whole tree, dev tools included. No SERVICE here, so all five builds share this layer ----
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm install --no-audit --no-fund

# ---- shared-build: domain and platform compiled once, for all five services (no SERVICE here either) ----
# tsconfig.build.json is each workspace's production build: tsconfig.production.json leaves out the
# tests and their support, and it references domain and platform only (tsc -b follows the references).
# `--` ends npx's own options: npm 11's npx would take `-b` for itself.
FROM deps AS shared-build
COPY tsconfig.base.json tsconfig.production.json ./
COPY domain/ domain/
COPY platform/ platform/
RUN npx --no -- tsc -b platform/tsconfig.build.json

# ---- build: the one service, without its tests (tsc -b finds domain and platform up to date) ----
FROM shared-build AS build
ARG SERVICE
RUN test -n "${SERVICE}" || { echo 'build with --build-arg SERVICE=<service folder>' >&2; exit 1; }
COPY ${SERVICE}/ ${SERVICE}/
RUN npx --no -- tsc -b "${SERVICE}/tsconfig.build.json" && test -f "${SERVICE}/dist/main.js"

# ---- prod-deps: production dependencies of domain, platform and the service, nothing else ----
FROM manifests AS prod-deps
ARG SERVICE
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm install --no-audit --no-fund --omit=dev --include-workspace-root=false \
      --workspace=domain --workspace=platform --workspace="${SERVICE}"

# ---- runtime: node_modules + compiled JavaScript, run as the unprivileged `node` user ----
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production
WORKDIR /app
# Manifests and node_modules (root and any nested per-workspace ones), owned by root: read-only to the app.
COPY --from=prod-deps /app/ ./
COPY --from=build /app/domain/dist/ domain/dist/
COPY --from=build /app/platform/dist/ platform/dist/
COPY --from=build /app/${SERVICE}/dist/ ${SERVICE}/dist/
COPY infra/docker/healthcheck.cjs /app/healthcheck.cjs
USER node
WORKDIR /app/${SERVICE}
# Liveness only: compose overrides this with /ready so that dependants start when the service can serve.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "/app/healthcheck.cjs", "/health"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
