#!/usr/bin/env bash
# Stop the php -S started by start.sh (by the PID it wrote; its process group holds the CLI server's workers).
# Leaves the database and the state dir in place, so the next start.sh is only the ~1 s server start.
# ZABBIX_PEER_FRESH=1 on the next start gives a clean database.
set -euo pipefail
DIR=${ZABBIX_PEER_DIR:-/tmp/zabbix-peer}
PIDFILE="$DIR/php.pid"
[ -f "$PIDFILE" ] || { echo "zabbix-peer: not running (no $PIDFILE)" >&2; exit 0; }
pid=$(cat "$PIDFILE")
if kill -0 "$pid" 2>/dev/null; then
  # start.sh ran php under setsid, so the PID is also its process-group id: the negative PID reaches the workers.
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid"
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill -KILL -- "-$pid" 2>/dev/null || true
  echo "zabbix-peer: stopped pid $pid" >&2
else
  echo "zabbix-peer: pid $pid was not running" >&2
fi
rm -f "$PIDFILE"
