# The date-sensitive API suites again, under faketime, at instants chosen for the calendar's traps
# (docs/testing.md). Sourced by scripts/test.sh; needs ROOT, RESULTS (the vitest JSON reports) and Debian's faketime.

# The files whose outcome depends on the day: fixtures or data dated from today, or code under test that reads the
# business today (api/src/db/today.ts); first, the check that the faked clock reached the workers and the test PostgreSQL server.
DATED_API_TESTS=(
  test/faked-clock.test.ts
  src/demo/generate-demo-data.test.ts
  src/modules/reservations/actions/actions.test.ts
  src/modules/reservations/booking/booking.test.ts
  src/modules/reservations/concurrency.test.ts
  src/modules/reservations/detail/detail.test.ts
  src/modules/reservations/exports/export-routes.test.ts
  src/modules/reservations/historiques/historiques.test.ts
  src/modules/reservations/integrales/integrales.test.ts
  src/modules/reservations/list/list.test.ts
  src/modules/reservations/list/list-cache.test.ts
  src/modules/reservations/pax/pax.test.ts
  src/modules/reservations/pointage/pointage.test.ts
  src/modules/reservations/pointage/pointage-rules.test.ts
  src/modules/reservations/prolongation/prolongation.test.ts
  src/modules/reservations/rooms/room-shares.test.ts
  src/modules/reservations/status-task/status-task.test.ts
  src/modules/contrats/spec.test.ts
  src/modules/stats/stats.test.ts
  src/modules/demandes/demandes.test.ts
  src/modules/demandes/externe/externe.test.ts
  src/modules/communications/communications.test.ts
  src/modules/rooming/lists/lists.test.ts
  src/modules/rooming/send/send.test.ts
  src/modules/reservations/rooming-exports/rooming-exports.test.ts
)

# "instant in UTC|process time zone": the zones differ so that neither UTC nor local-time code passes by luck.
DATED_INSTANTS=(
  '2026-12-31 23:30:00|UTC'             # Paris: Friday 1 January 2027, 00:30, a new year; UTC still on the 31st
  '2027-02-28 23:30:00|America/Cayenne' # Paris: Monday 1 March 2027, 00:30, after a 28-day February
  '2027-03-27 23:30:00|Europe/Paris'    # Paris: Sunday 28 March 2027, 00:30, the 23-hour day (summer time)
  '2027-10-31 22:30:00|Indian/Reunion'  # Paris: Sunday 31 October 2027, 23:30, the 25-hour day, a 31st
  '2028-02-29 10:00:00|UTC'             # Paris: Tuesday 29 February 2028, 11:00, a leap day
)

# One vitest run per instant, started by faketime itself (pnpm may be a shell function, see ensure_pnpm). Two
# workers, and files sharing a worker's modules (--isolate=false: none of these files mocks a module), halve this
# stage's time; the other API stages keep vitest's defaults.
dated_api_tests() {
  local status=0 entry instant zone local_time paris_today
  for entry in "${DATED_INSTANTS[@]}"; do
    instant="${entry%|*}"
    zone="${entry#*|}"
    # faketime reads its start time in the process's zone.
    local_time="$(TZ="$zone" date -d "$instant UTC" '+%F %T')"
    paris_today="$(TZ=Europe/Paris date -d "$instant UTC" '+%F')"
    echo "— $instant UTC (Paris : $(TZ=Europe/Paris LC_TIME=C date -d "$instant UTC" '+%a %F %R'), TZ=$zone)"
    (cd "$ROOT/api" && TZ="$zone" EXPECTED_PARIS_TODAY="$paris_today" FAKETIME_DONT_FAKE_MONOTONIC=1 \
      faketime -f "@$local_time" node_modules/.bin/vitest run --isolate=false --maxWorkers=2 \
      --reporter=default --reporter=json --outputFile.json="$RESULTS/api-dated-$paris_today.json" \
      "${DATED_API_TESTS[@]}") || status=1
  done
  return $status
}

# The front-end suites whose output depends on today (issue 8 §0), as "package|files": code that reads today (the
# stats period, export file names, the extension and departure dialogs' dates, the booking draft, birth dates not
# in the future, token expiry, the pointage présence's default day: business days through `parisToday`, the others
# through dayjs()/Date) and the MSW mocks that date their fixtures from Paris's today
# (mockDay, the detail fixtures: « à prolonger », fiches, requests, dashboard counters). Long interaction suites
# whose dates only come from those mocks (the booking wizard, the contract forms, the router) are left to the unit
# stage: docs/testing.md lists what is in and out. First, shared's check that faketime reached the workers.
DATED_FRONT_TESTS=(
  'shared|src/format/faked-clock.test.ts src/format/format.test.ts src/contract/days.test.ts src/auth/decode-token.test.ts src/auth/auth-store.test.ts src/notifications/notification-store.test.ts src/mocks/demandes/handlers.test.ts src/mocks/reservations/detail-handlers.test.ts src/mocks/reservations/list-handlers.test.ts src/mocks/reservations/booking-handlers.test.ts'
  'host-shell|src/features/dashboard-home'
  'mf-reservations|src/app/routes/reservations-a-prolonger-page.test.tsx src/features/ajout-reservation/model src/features/exports src/features/fiches-resa src/lib'
  'mf-demandes|src/app/routes/demandes-page.test.tsx src/features/ajout-demande'
  'mf-referentiel|src/features/pensionnaires'
  'mf-stats|src/features/stats'
  'mf-rooming-pointage|src/features/pointage-presence'
)

# The same instants and process zones as the API (the zone is the browser's: its today is the local day there).
# One vitest run per instant for every package (shared/vitest.front-dated.config.ts: each package's projects, rooted
# in it, with its own options): an instant pays Vitest's start once, not once per package. Two workers.
# `dated_front_tests FIRST COUNT` runs COUNT instants from the FIRST (0-based; default all): test.sh shares them
# between its two lanes. Four of the instants run at nice 19 beside the browser tests, where a 3-second dialog test
# can wait a minute for the CPU: the ceiling per test is raised to 120 s for these runs (a ceiling, not a measure of
# speed).
dated_front_tests() {
  local first="${1:-0}" count="${2:-${#DATED_INSTANTS[@]}}"
  local status=0 entry instant zone local_time local_today paris_today suite package file files=()
  for suite in "${DATED_FRONT_TESTS[@]}"; do
    package="${suite%%|*}"
    for file in ${suite#*|}; do files+=("../$package/$file"); done
  done
  for entry in "${DATED_INSTANTS[@]:$first:$count}"; do
    instant="${entry%|*}"
    zone="${entry#*|}"
    local_time="$(TZ="$zone" date -d "$instant UTC" '+%F %T')"
    local_today="${local_time%% *}"
    paris_today="$(TZ=Europe/Paris date -d "$instant UTC" '+%F')"
    echo "— $instant UTC ($zone : $local_time)"
    (cd "$ROOT/shared" && TZ="$zone" EXPECTED_LOCAL_TODAY="$local_today" FAKETIME_DONT_FAKE_MONOTONIC=1 \
      faketime -f "@$local_time" node_modules/.bin/vitest run --config vitest.front-dated.config.ts \
      --maxWorkers=2 --testTimeout=120000 --reporter=default --reporter=json \
      --outputFile.json="$RESULTS/front-dated-$paris_today.json" "${files[@]}") || status=1
  done
  return $status
}

# The browser test files whose outcome depends on the day: the demo data is dated around the day it is generated
# (which residents a list shows first, which stays are running) and the test worlds are built from today.
DATED_E2E_TESTS=(
  tests/referentiel.test.ts
  tests/reservations.test.ts
  tests/demandes.test.ts
  tests/rooming-pointage.test.ts
  tests/stats.test.ts
)

# Instants in UTC (e2e/support/clock.ts: each process of the run starts there): a Paris evening whose demo data
# lists two other « Mariam » on the residents' first page (a search that did not wait for its answer found them),
# and the first hour of a new year in Paris, a leap year's.
DATED_E2E_INSTANTS=(
  '2026-12-02T21:30:00Z'
  '2027-12-31T23:30:00Z'
)

# The browser tests of DATED_E2E_TESTS at each of DATED_E2E_INSTANTS, on the production build, each instant with
# its own demo data; their logs go to $RESULTS/e2e-dated-<Paris day>.log (scripts/test-summary.mjs counts them).
dated_e2e_tests() {
  local status=0 instant paris_today
  for instant in "${DATED_E2E_INSTANTS[@]}"; do
    paris_today="$(TZ=Europe/Paris date -d "$instant" '+%F')"
    echo "— $instant (Paris : $(TZ=Europe/Paris LC_TIME=C date -d "$instant" '+%a %F %R'))"
    (cd "$ROOT/e2e" && E2E_NOW="$instant" node --import tsx support/with-demo-data.ts node --import tsx --test \
      --test-concurrency=1 --test-timeout=600000 --test-reporter=spec "${DATED_E2E_TESTS[@]}") \
      >"$RESULTS/e2e-dated-$paris_today.log" 2>&1 || status=1
    cat "$RESULTS/e2e-dated-$paris_today.log"
  done
  return $status
}
