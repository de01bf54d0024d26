# run_in_own_session COMMAND...: runs COMMAND in a session of its own and passes it this shell's SIGINT and SIGTERM,
# one a second; returns once it has exited, with its status. Sourced by scripts/start.sh.
#
# Why: Ctrl+C in a terminal signals every process of its foreground group at once. The API's embedded PostgreSQL,
# stopped by the same key press, cut the API's connections while the API was still closing (warnings at every stop,
# requests in flight lost). In a session of its own the API gets the signal from here only and stops in order — the
# HTTP server, its connections, then PostgreSQL. npm passes the terminal's signal on as well: the copies that arrive
# within a second are one key press; a second Ctrl+C, later, is passed on (the API then exits at once).

run_in_own_session() {
  setsid "$@" &
  OWN_SESSION_PID=$!
  OWN_SESSION_LAST_SIGNAL=0
  trap '_own_session_pass_on INT' INT
  trap '_own_session_pass_on TERM' TERM
  local status=0
  # wait returns early (128 + the signal) when a signal is trapped: wait again until the command has exited, then
  # once more for its own status (bash keeps it).
  while kill -0 "$OWN_SESSION_PID" 2>/dev/null; do
    wait "$OWN_SESSION_PID" || true
  done
  wait "$OWN_SESSION_PID" || status=$?
  trap - INT TERM
  return "$status"
}

_own_session_pass_on() {
  local now
  now=$(date +%s%N)
  if ((now - OWN_SESSION_LAST_SIGNAL > 1000000000)); then kill -"$1" "$OWN_SESSION_PID" 2>/dev/null || true; fi
  OWN_SESSION_LAST_SIGNAL=$now
}
