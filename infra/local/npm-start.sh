#!/usr/bin/env bash
# `npm start`: install what is missing, start the local stack and every service, print where to go.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/local/bootstrap.sh
exec tsx infra/local/portal.ts start
