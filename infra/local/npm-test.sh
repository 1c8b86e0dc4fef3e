#!/usr/bin/env bash
# `npm test`: lint, type-check, bring up the real local stack and every service, run every jest
# project against it, and end with the line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/local/bootstrap.sh

say "lint (eslint)…"
eslint --max-warnings=0 .
say "type-check (tsc)…"
npm run --silent typecheck

tsx infra/local/portal.ts start
# schemathesis (PyPI) for the API fuzz test, in a virtual environment of the tools cache. Should the
# install fail, the fuzz test tries again and fails; every other test still runs.
tsx infra/local/schemathesis.ts >/dev/null || say "schemathesis could not be installed (see .local/logs/schemathesis-install.log)"

# TeX Live (Debian's texlive-latex-extra, a few minutes the first time) for the ATS engine's resumes
# typeset with LaTeX; the outside corpus installs it too when it is missing.
tsx infra/local/latex.ts || say "TeX Live could not be installed (see .local/logs/latex-install.log)"

# Browser tests drive Debian's Chromium (no browser download from anywhere else).
if [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's Chromium for the browser tests…"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; else sudo apt-get install -y chromium; fi
fi

mkdir -p .local
results=.local/jest-results.json
rm -f "$results"
say "jest: every workspace against the local stack…"
set +e
jest --ci --maxWorkers=2 --json --outputFile="$results" "$@"
jest_status=$?
set -e

node -e '
  const fs = require("fs");
  const file = process.argv[1];
  if (!fs.existsSync(file)) { console.log("0 passed, 1 failed"); process.exit(0); }
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  const failedSuites = r.numRuntimeErrorTestSuites || 0;
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests + failedSuites} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));
' "$results"
exit "$jest_status"
