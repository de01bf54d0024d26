#!/usr/bin/env bash
# Installs everything and runs every test: lint, type-check, unit tests (shared, host, remotes), API tests on a
# real PostgreSQL (the embedded server of `npm start`, started by api/test/global-setup.ts), the date-sensitive ones
# again at chosen instants (faketime), then browser tests on the production build in Debian's Chromium
# (docs/testing.md).
# Two lanes run side by side (one per core): lint, types, unit tests and the build in one; the API tests, the dated
# API tests and the last dated front-end instant in the other. The browser tests run last on the build, with the
# day-dependent browser tests and the first four dated front-end instants beside them at the lowest priority
# (docs/testing.md).
# Each stage writes its own log, printed in order at the end. Every stage runs even when an earlier one fails; the
# last line sums the tests ("N passed, N failed").
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
LOGS="$RESULTS/logs"
rm -rf "$RESULTS" && mkdir -p "$LOGS"
cd "$ROOT"

# stage number name command...: runs the command with its output in $LOGS/<number>.log, its outcome and duration
# in $LOGS/<number>.status ("ok|failed <seconds> <name>"); one line on the terminal when it ends.
# Also the CPU seconds its processes used (user + system, those it waited for) in $LOGS/<number>.cpu: on 2 cores
# the run's length is mostly CPU, and that figure says which stage to make cheaper.
stage() {
  local number="$1" name="$2"
  shift 2
  local started=$SECONDS outcome=ok
  echo "… $name" >&2
  (
    "$@"
    status=$?
    times >"$LOGS/$number.times" # not piped: a pipeline's `times` runs in a child that has none
    exit $status
  ) >"$LOGS/$number.log" 2>&1 || outcome=failed
  tail -1 "$LOGS/$number.times" | cpu_seconds >"$LOGS/$number.cpu"
  echo "$outcome $((SECONDS - started)) $name" >"$LOGS/$number.status"
  echo "$([ $outcome = ok ] && echo ✔ || echo ✘) $name ($((SECONDS - started)) s, CPU $(cat "$LOGS/$number.cpu") s)" >&2
}

# `times`' children line (« 1m2.500s 0m3.250s ») → whole seconds of user + system time.
cpu_seconds() {
  awk '{ total = 0; for (i = 1; i <= 2; i++) { split($i, part, "m"); total += part[1] * 60 + part[2] } printf "%d\n", total }'
}

vitest_json() { # package report-name [vitest options...]
  local pkg="$1" report="$2"
  shift 2
  (cd "$pkg" && pnpm exec vitest run "$@" --reporter=default --reporter=json --outputFile.json="$RESULTS/$report.json")
}

# Two workers, as the dated front-end runs: Vitest's default on 2 cores is one, and the stage then used two thirds of
# a core.
unit_tests() {
  local status=0
  for pkg in shared host-shell mf-*; do vitest_json "$pkg" "unit-$pkg" --maxWorkers=2 || status=1; done
  return $status
}

e2e_tests() {
  pnpm --filter ./e2e test 2>&1 | tee "$RESULTS/e2e.log"
}

# The lint stage's log also holds node:test's report of the scripts' tests (scripts/eslint/, scripts/lib/), which
# scripts/test-summary.mjs counts from this copy.
lint_stage() {
  pnpm lint 2>&1 | tee "$RESULTS/lint.log"
}

log "Tests (deux voies en parallèle, journaux complets à la fin)"
started=$SECONDS
(
  stage 1 "Lint (ESLint + Prettier)" lint_stage
  stage 2 "Vérification des types" pnpm typecheck
  stage 3 "Tests unitaires (shared, hôte, remotes)" unit_tests
  stage 6 "Construction de production" pnpm build
) &
lane_front=$!
(
  stage 4 "Tests API (PostgreSQL)" vitest_json api api
  stage 5 "Tests API à dates choisies" dated_api_tests
  stage 9 "Tests front à dates choisies (5)" dated_front_tests 4 1
) &
lane_api=$!
wait $lane_front $lane_api
# After the lanes: one of the browser tests times a live notification against its 2 s, and beside the API lane their
# product starts passed their 60 s limit when each generated its demo data (now copied from one generated per run).
# The browser tests wait on pages more than they compute (about 0.4 of a core), so the dated browser tests and the
# first four dated front-end instants run beside them at the lowest priority: they take the cores the browser tests
# leave idle, never the time of the timed one; their products get longer to start.
stage 7 "Tests navigateur (Chromium)" e2e_tests &
browser=$!
E2E_API_START_TIMEOUT_MS=240000 stage 10 "Tests navigateur à dates choisies" nice -n 19 bash -c \
  "source '$ROOT/scripts/lib/dated-tests.sh' && RESULTS='$RESULTS' ROOT='$ROOT' dated_e2e_tests" &
dated_browser=$!
stage 8 "Tests front à dates choisies (1 à 4)" nice -n 19 bash -c \
  "source '$ROOT/scripts/lib/dated-tests.sh' && RESULTS='$RESULTS' ROOT='$ROOT' dated_front_tests 0 4"
wait $browser $dated_browser

failed_stages=()
for number in 1 2 3 4 5 8 9 6 7 10; do
  # A lane killed half-way leaves no status: that stage counts as failed.
  read -r outcome seconds name <"$LOGS/$number.status" 2>/dev/null || {
    outcome=failed seconds=0 name="étape $number (interrompue)"
    touch "$LOGS/$number.log"
  }
  log "$name"
  cat "$LOGS/$number.log"
  cpu="$(cat "$LOGS/$number.cpu" 2>/dev/null || echo ?)"
  if [ "$outcome" = ok ]; then
    echo "✔ $name ($seconds s, CPU $cpu s)"
  else
    echo "✘ $name ($seconds s, CPU $cpu s)"
    failed_stages+=("$name")
  fi
done

log "Bilan ($((SECONDS - started)) s en tout)"
node scripts/test-summary.mjs "$RESULTS" "${failed_stages[@]}"
