#!/usr/bin/env bash
# Runs a command with a private PostgreSQL cluster on 127.0.0.1:${PGPORT:-55432}, its admin URL in
# TEST_DATABASE_URL; the cluster is removed afterwards. Needs root (it starts the server as postgres).
# Usage: scripts/with-postgres.sh npm run test:pg
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ]; then echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; fi
PORT=${PGPORT:-55432}
PGHOME=$(mktemp -d); PGDATA=$PGHOME/pg
chown postgres "$PGHOME"
install -d -o postgres -g postgres -m 700 "$PGDATA"
stop() { runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$PGHOME"; }
trap stop EXIT
runuser -u postgres -- "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth-local=trust --auth-host=trust -E UTF8 --locale=C.UTF-8 >/dev/null
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PGDATA -c fsync=off -c max_connections=200" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
"$@"
