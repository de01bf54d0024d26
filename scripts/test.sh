#!/usr/bin/env bash
# Installs everything and runs every test: lint, type-check, unit tests (shared, host, remotes), API tests on a
# real PostgreSQL (the embedded server of `npm start`, started by api/test/global-setup.ts), the date-sensitive ones
# again at chosen instants (faketime), then browser tests on the production build in Debian's Chromium
# (docs/testing.md).
# Every stage runs even when an earlier one fails; the last line sums the tests ("N passed, N failed").
set -uo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/lib/dated-tests.sh"

set -e
require_node
ensure_pnpm
ensure_apt_packages chromium faketime
install_workspace
set +e

RESULTS="$ROOT/test-results"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
cd "$ROOT"

failed_stages=()
stage() { # name command...
  local name="$1"
  shift
  log "$name"
  local started=$SECONDS
  if "$@"; then
    echo "✔ $name ($((SECONDS - started)) s)"
  else
    echo "✘ $name ($((SECONDS - started)) s)"
    failed_stages+=("$name")
  fi
}

vitest_json() { # package report-name [env...]
  local pkg="$1" report="$2"
  shift 2
  (cd "$pkg" && env "$@" pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/$report.json")
}

unit_tests() {
  local status=0
  for pkg in shared host-shell mf-*; do vitest_json "$pkg" "unit-$pkg" || status=1; done
  return $status
}

e2e_tests() {
  pnpm --filter ./e2e test 2>&1 | tee "$RESULTS/e2e.log"
}

stage "Lint (ESLint + Prettier)" pnpm lint
stage "Vérification des types" pnpm typecheck
stage "Tests unitaires (shared, hôte, remotes)" unit_tests
stage "Tests API (PostgreSQL)" vitest_json api api
stage "Tests API à dates choisies" dated_api_tests
stage "Construction de production" pnpm build
stage "Tests navigateur (Chromium)" e2e_tests

log "Bilan"
node scripts/test-summary.mjs "$RESULTS" "${failed_stages[@]}"
