#!/usr/bin/env bash
# Makes sure the project's npm dependencies match the lock file; sourced by npm-start.sh and npm-test.sh.
# Runs on the machine's own node/npm, before node_modules (and its Node 24) exists.
set -euo pipefail

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

lock_stamp=node_modules/.package-lock.sha256
wanted=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -x node_modules/.bin/node ] || [ ! -f "$lock_stamp" ] || [ "$(cat "$lock_stamp")" != "$wanted" ]; then
  say "installing npm dependencies from package-lock.json…"
  started=$SECONDS
  # Not `npm ci`: the registry we reach lacks some optional platform binaries (darwin, win32 builds
  # of swc and friends), which `npm ci` counts as a lock mismatch; `npm install` honours the lock.
  npm install --no-audit --no-fund --loglevel=error
  sha256sum package-lock.json | cut -d' ' -f1 > "$lock_stamp"
  say "npm dependencies ready in $((SECONDS - started)) s"
fi

# From here on every script runs on the project's Node 24 (the `node` package in node_modules).
export PATH="$PWD/node_modules/.bin:$PATH"
