# syntax=docker/dockerfile:1
# The gateway: one origin for the browser. nginx serves the built frontend and proxies the APIs.
# The build context is the repository root (see /.dockerignore):
#   docker build -f infra/docker/gateway.Dockerfile -t portal/gateway .
# infra/gateway/portal.conf.template is rendered by the nginx image's entrypoint (envsubst of the
# variables defined in the environment only, so nginx's own $variables stay) into conf.d at start.

ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.28-alpine

# ---- frontend: npm install from the lock file, then build domain (the frontend imports it) and Vite ----
FROM ${NODE_IMAGE} AS frontend
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
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm install --no-audit --no-fund
COPY tsconfig.base.json tsconfig.production.json ./
COPY domain/ domain/
COPY frontend/ frontend/
RUN npx --no -- tsc -b domain/tsconfig.build.json && npm run build -w frontend && test -f frontend/dist/index.html

# ---- gateway ----
FROM ${NGINX_IMAGE} AS gateway
# Defaults for the template's variables; docker-compose.yml sets every one of them explicitly.
ENV FRONTEND_ROOT=/usr/share/nginx/portal \
    GATEWAY_PORT=8080 \
    COMMAND_API_UPSTREAM=command-api:4001 \
    QUERY_API_UPSTREAM=query-api:4002 \
    ATS_ENGINE_UPSTREAM=ats-engine:4003 \
    GATEWAY_HSTS=""
RUN rm -f /etc/nginx/conf.d/default.conf
COPY infra/gateway/portal.conf.template /etc/nginx/templates/portal.conf.template
COPY --from=frontend /app/frontend/dist/ ${FRONTEND_ROOT}/
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD wget -q -O /dev/null "http://127.0.0.1:${GATEWAY_PORT}/healthz" || exit 1
