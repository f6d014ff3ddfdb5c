#!/usr/bin/env bash
# Throw-away PostgreSQL for taflbot's tests.
#
#   source .ci/postgres.sh; postgres_start   # sets TAFLBOT_TEST_POSTGRES
#   ...; postgres_stop
#
# postgres_start installs PostgreSQL from Debian when it is missing
# (apt-get, as root), creates a new cluster in a temporary folder, owned
# by a non-root user (the "postgres" user the Debian package creates, or
# the current user when not root), and starts it listening only on a Unix
# socket in that folder (no TCP port, so parallel runs never collide).
# postgres_stop stops it and deletes the folder. Everything in the cluster
# is lost: it is for tests only (trust authentication, fsync off; with
# TAFLBOT_PG_DURABLE=1 fsync and synchronous commits stay on, as in
# production, for benchmarks).

postgres_bindir() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; fi
  done | sort -V | tail -n 1
}

postgres_start() {
  local bin
  bin=$(postgres_bindir)
  if [ -z "$bin" ]; then
    if [ "$(id -u)" != 0 ]; then
      echo "PostgreSQL is not installed and this is not root: install it (apt-get install -y postgresql) or set TAFLBOT_TEST_POSTGRES" >&2
      return 1
    fi
    echo "== installing PostgreSQL (apt-get install -y postgresql)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    bin=$(postgres_bindir)
    if [ -z "$bin" ]; then
      echo "apt-get installed postgresql but no initdb was found under /usr/lib/postgresql" >&2
      return 1
    fi
  fi
  local user
  user=$(id -un)
  PG_AS=()
  if [ "$(id -u)" = 0 ]; then
    user=postgres
    if ! id postgres >/dev/null 2>&1; then
      useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres
    fi
    PG_AS=(runuser -u postgres --)
  fi
  PG_BIN=$bin
  PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/taflbot-pg.XXXXXX")
  chmod 755 "$PG_DIR"
  mkdir "$PG_DIR/data" "$PG_DIR/sock"
  chown "$user" "$PG_DIR/data" "$PG_DIR/sock"
  "${PG_AS[@]}" "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 || {
    cat "$PG_DIR/initdb.log" >&2
    return 1
  }
  local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  if [ "${TAFLBOT_PG_DURABLE:-}" = 1 ]; then durability=""; fi
  "${PG_AS[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/data/server.log" -w -t 60 \
    -o "-c listen_addresses='' -k $PG_DIR/sock $durability -c max_connections=300" \
    start >/dev/null || {
    cat "$PG_DIR/data/server.log" >&2
    return 1
  }
  export TAFLBOT_TEST_POSTGRES="postgres://postgres@/postgres?host=$PG_DIR/sock"
  echo "== PostgreSQL $("$bin/postgres" --version | awk '{print $3}') running as $user in $PG_DIR (TAFLBOT_TEST_POSTGRES=$TAFLBOT_TEST_POSTGRES)"
}

postgres_stop() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ]; then
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
    echo "== PostgreSQL stopped"
  fi
  PG_DIR=
}
