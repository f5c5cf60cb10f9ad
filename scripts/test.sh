#!/usr/bin/env bash
# Runs every check and test: lint, format, types, then the SPA, server and Chromium e2e suites.
# Uses PostgreSQL and Redis too when TEST_DATABASE_URL / TEST_REDIS_URL are set.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
bash scripts/ensure-chromium.sh

echo "==> lint (eslint), format (prettier), types (tsc)"
npx eslint --max-warnings=0 .
npx prettier --check . --log-level warn
npx tsc --noEmit -p tsconfig.json

ensure_spa_build

echo "==> jest (spa, server, e2e)"
mkdir -p .cache
status=0
# --forceExit: a jsdom XHR refused in an SPA test keeps jsdom's 300 s request timer alive after the run.
NODE_OPTIONS=--experimental-vm-modules npx jest --ci --forceExit --json --outputFile=.cache/jest-results.json "$@" || status=$?
# The plain closing line CI reads: "N passed, N failed".
node -e '
  const r = require("./.cache/jest-results.json");
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
' || true
exit $status
