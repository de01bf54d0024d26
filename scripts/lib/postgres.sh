# A throwaway PostgreSQL server for the API tests: Debian's binaries, a temporary cluster, trust auth on
# 127.0.0.1 only, removed on exit. Sourced by scripts/test.sh.

PG_PORT="${PG_PORT:-54329}"

pg_bin_dir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$dir" ] || die "PostgreSQL introuvable (paquet Debian postgresql)."
  echo "$dir"
}

# Runs a command as the cluster's owner: PostgreSQL refuses to run as root.
as_pg_user() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_test_postgres() {
  local bin
  bin="$(pg_bin_dir)"
  PG_DIR="$(mktemp -d /tmp/ebas3-pg.XXXXXX)"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$PG_DIR"
  as_pg_user "$bin/initdb" -D "$PG_DIR/data" -U postgres -A trust --no-sync -E UTF8 >/dev/null
  as_pg_user "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$PG_DIR/server.log" >&2; die "PostgreSQL n'a pas démarré."; }
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
}

stop_test_postgres() {
  [ -n "${PG_DIR:-}" ] || return 0
  as_pg_user "$(pg_bin_dir)/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DIR=""
}
