#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster in a temporary folder on a free loopback port.
# Usage: eval "$(bash scripts/pg-throwaway.sh start)"   ...   bash scripts/pg-throwaway.sh stop "$PG_TMP"
# PostgreSQL refuses to run as root, so initdb and pg_ctl run as Debian's `postgres` user.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    tmp=$(mktemp -d /tmp/facet-pg.XXXXXX)
    chmod 755 "$tmp"
    [ "$(id -u)" = 0 ] && chown postgres "$tmp"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    as_pg "$bin/initdb" -D "$tmp/data" -U facet --auth=trust -E UTF8 >"$tmp/initdb.log" 2>&1
    as_pg "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    echo "export PG_TMP=$tmp"
    echo "export TEST_DATABASE_URL=postgres://facet@127.0.0.1:$port/postgres"
    ;;
  stop)
    tmp=${2:?folder}
    as_pg "$bin/pg_ctl" -D "$tmp/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$tmp"
    ;;
  *) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
esac
