#!/usr/bin/env bash
# Runs every check and test: lint, format, types, then the SPA, server and Chromium e2e suites.
# Uses PostgreSQL and Redis too when TEST_DATABASE_URL / TEST_REDIS_URL are set.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
bash scripts/ensure-chromium.sh

echo "==> lint (eslint), format (prettier), types (tsc) and the SPA build, side by side"
# Independent and each mostly on one core: on two cores they take about the longest one's time, not the sum.
checks_started=$SECONDS
checks=()
npx eslint --max-warnings=0 . &
checks+=($!)
npx tsc --noEmit -p tsconfig.json &
checks+=($!)
(npx prettier --check . --log-level warn && ensure_spa_build) &
checks+=($!)
failed=0
for check in "${checks[@]}"; do wait "$check" || failed=1; done
[ "$failed" = 0 ] || exit 1
echo "time of the checks and the build: $((SECONDS - checks_started)) s"

echo "==> jest (spa and server in two workers, then e2e in two workers, each with its own server)"
mkdir -p .cache
rm -f .cache/jest-*.json
status=0
# Two workers, as the machine has two cores. The SPA and server files share nothing (each server file has its own
# database); each e2e worker has a server and database of its own (e2e/globalSetup.ts). --passWithNoTests: files
# given as arguments may all belong to one of the two runs.
# The arguments go first: --selectProjects takes every word after it up to the next option.
run_jest() {
  NODE_OPTIONS=--experimental-vm-modules npx jest "$@" --ci --passWithNoTests --json
}
run_jest "$@" --selectProjects spa server --maxWorkers=2 --outputFile=.cache/jest-units.json || status=$?
run_jest "$@" --selectProjects e2e --maxWorkers=2 --outputFile=.cache/jest-e2e.json || status=$?
# Where the time went, then the plain closing line CI reads: "tests: N passed, N failed".
npx tsx scripts/testSummary.ts || true
exit $status
