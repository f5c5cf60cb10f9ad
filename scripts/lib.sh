# Shared steps of start.sh and test.sh: install what the project needs, nothing by hand.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ensure_node_modules() {
  # npm ci when node_modules is missing or older than the lock file.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "==> npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

ensure_spa_build() {
  # Rebuild dist/ when it is missing or any SPA source is newer than it.
  if [ ! -f dist/index.html ] || [ -n "$(find src common public webpack.config.ts babel.config.js package-lock.json -newer dist/index.html -print -quit 2>/dev/null)" ]; then
    echo "==> building the SPA (webpack, production)"
    npx webpack --mode production --no-stats
  fi
}
