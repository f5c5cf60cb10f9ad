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

echo "==> jest (spa and server in two workers, then e2e one file at a time)"
mkdir -p .cache
rm -f .cache/jest-*.json
status=0
# --forceExit: a jsdom XHR refused in an SPA test keeps jsdom's 300 s request timer alive after the run.
# The SPA and server files share nothing (each server file has its own database): two workers, as the machine
# has two cores. The e2e files share one server and its data: one at a time. --passWithNoTests: files given as
# arguments may all belong to one of the two runs.
# The arguments go first: --selectProjects takes every word after it up to the next option.
run_jest() {
  NODE_OPTIONS=--experimental-vm-modules npx jest "$@" --ci --forceExit --passWithNoTests --json
}
run_jest "$@" --selectProjects spa server --maxWorkers=2 --outputFile=.cache/jest-units.json || status=$?
run_jest "$@" --selectProjects e2e --maxWorkers=1 --outputFile=.cache/jest-e2e.json || status=$?
# The plain closing line CI reads: "N passed, N failed".
node -e '
  const runs = ["units", "e2e"].map((run) => { try { return require(`./.cache/jest-${run}.json`); } catch { return undefined; } });
  const sum = (key) => runs.reduce((total, run) => total + (run ? run[key] : 0), 0);
  const skipped = sum("numPendingTests") + sum("numTodoTests");
  const missing = runs.some((run) => !run) ? " (a run wrote no results)" : "";
  console.log(`tests: ${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed` + (skipped ? `, ${skipped} skipped` : "") + missing);
' || true
exit $status
