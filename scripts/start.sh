#!/usr/bin/env bash
# Installs, builds, releases and starts EBAS3 — host, remotes and API — on the embedded database with demo data.
# PORT (default 8080), DATA_DIR, DATABASE_URL, DEMO_MODE=0 and JWT_SECRET are honoured (see README).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/own-session.sh"

require_node
ensure_pnpm
install_workspace
build_product

export WEB_ROOT="$ROOT"
export DEMO_MODE="${DEMO_MODE:-1}"
export PORT="${PORT:-8080}"
cd "$ROOT/api"

# The product runs from releases, as a deployment does: what was just built, released into the store and put live
# (api/src/cli/release-built-command.ts; a second start on the same build changes nothing).
log "Mise en version de la construction (magasin des versions, registre)"
node --import tsx src/cli/release-built.ts

log "Démarrage d'EBAS3"

# In a session of its own: a Ctrl+C stops it in order, PostgreSQL last (scripts/lib/own-session.sh). Node itself, on
# the API compiled by `pnpm build` (api/scripts/build.mjs), as api's `start` script runs it: pnpm's launcher would
# pass the signal on once more.
run_in_own_session node dist/server.js
