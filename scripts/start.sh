#!/usr/bin/env bash
# Installs what is missing, builds the SPA and starts the server on the embedded database (PGlite in ./data)
# with demo data. Set DATABASE_URL to use PostgreSQL instead; see README.md for every setting.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
ensure_spa_build
# tsx as a loader, not its CLI: the CLI's parent process relays a signal only if the server answers within
# 30 ms and kills it otherwise, so a busy server was killed on SIGTERM instead of shutting down cleanly.
exec node --import tsx server/main.ts
