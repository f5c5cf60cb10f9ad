#!/usr/bin/env bash
# Installs what is missing, builds the SPA and starts the server on the embedded database (PGlite in ./data)
# with demo data. Set DATABASE_URL to use PostgreSQL instead; see README.md for every setting.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
ensure_spa_build
exec npx tsx server/main.ts
