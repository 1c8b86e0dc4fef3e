#!/usr/bin/env bash
# `npm start`: install what is missing, start the local stack and every service, print where to go.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/local/bootstrap.sh
# The portal script itself imports @placement/domain, whose package exports point at its build output:
# on a fresh clone that output exists only after this first incremental build.
tsc -b domain platform
exec tsx infra/local/portal.ts start
