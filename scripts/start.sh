#!/usr/bin/env bash
# Installs, builds and starts EBAS3 — host, remotes and API — on the embedded database with demo data.
# PORT (default 8080), DATA_DIR, DATABASE_URL, DEMO_MODE=0 and JWT_SECRET are honoured (see README).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/own-session.sh"

require_node
ensure_pnpm
install_workspace
build_product

log "Démarrage d'EBAS3"
export WEB_ROOT="$ROOT"
export DEMO_MODE="${DEMO_MODE:-1}"
export PORT="${PORT:-8080}"
cd "$ROOT/api"

# In a session of its own: a Ctrl+C stops it in order, PostgreSQL last (scripts/lib/own-session.sh). Node itself, on
# the API compiled by `pnpm build` (api/scripts/build.mjs), as api's `start` script runs it: pnpm's launcher would
# pass the signal on once more.
run_in_own_session node dist/server.js
