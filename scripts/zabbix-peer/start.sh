#!/usr/bin/env bash
# Bring up a real Zabbix 6.0 JSON-RPC API on loopback for the portal's contract tests (issue 14, "Real peer").
#
# What it does, each step skipped when already done (so a second run only restarts nothing and prints the URL):
#   1. installs Debian bookworm's zabbix-frontend-php (the API is the PHP frontend), php-cli and php-pgsql, and
#      zabbix-server-pgsql only for the schema SQL it ships under /usr/share/zabbix-server-pgsql/*.sql.gz;
#   2. creates its own PostgreSQL role and database (default zabbix_peer) and loads schema, images and data;
#   3. makes a private copy of the frontend whose config path points into the state dir (see below), writes
#      zabbix.conf.php there;
#   4. serves it with `php -S 127.0.0.1:PORT` in the background, writes the PID, and waits until
#      POST /api_jsonrpc.php answers apiinfo.version.
# The zabbix_server daemon is not started: the API reads and writes the database directly.
#
# Environment (all optional):
#   ZABBIX_PEER_DIR   state dir: frontend copy, config, pid, log      (default /tmp/zabbix-peer)
#   ZABBIX_PEER_PORT  loopback port for php -S                        (default 18089)
#   ZABBIX_PEER_DB    database and role name                          (default zabbix_peer)
#   PGHOST PGPORT PGUSER  the admin connection used to create them     (default 127.0.0.1 5432 postgres, trust auth)
#   ZABBIX_PEER_FRESH=1   drop and recreate ZABBIX_PEER_DB (only that database) before loading the schema
# Prints the API URL on stdout as its last line; progress and timings go to stderr.
set -euo pipefail

DIR=${ZABBIX_PEER_DIR:-/tmp/zabbix-peer}
PORT=${ZABBIX_PEER_PORT:-18089}
DB=${ZABBIX_PEER_DB:-zabbix_peer}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
SQL_DIR=/usr/share/zabbix-server-pgsql          # Debian's home for schema.sql.gz, images.sql.gz, data.sql.gz
FRONTEND_SRC=/usr/share/zabbix                  # Debian's frontend (api_jsonrpc.php lives here)
URL="http://127.0.0.1:${PORT}/api_jsonrpc.php"

log() { printf '[zabbix-peer %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
T0=$(now)

mkdir -p "$DIR"

# ---- 1. packages ---------------------------------------------------------------------------------------------
# --no-install-recommends keeps apache2, snmpd and postgresql (recommends) out. php8.2-cgi is named explicitly
# because the `php` metapackage needs one of libapache2-mod-php8.2 | php8.2-fpm | php8.2-cgi, and apt would
# otherwise pick the first, which drags in apache2. zabbix-server-pgsql's postinst only enables a systemd unit;
# nothing here starts the daemon.
PKGS=(zabbix-frontend-php zabbix-server-pgsql php8.2-cli php8.2-cgi php8.2-pgsql)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  t=$(now)
  log "installing ${missing[*]}"
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  # The heavy lock keeps concurrent CI jobs on a 2-core box from running apt at the same time.
  flock /tmp/heavy.lock $SUDO env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${PKGS[@]}" >"$DIR/apt.log" 2>&1 \
    || { log "apt-get failed, see $DIR/apt.log"; tail -20 "$DIR/apt.log" >&2; exit 1; }
  log "install took $(since "$t") s"
fi

# ---- already running? ----------------------------------------------------------------------------------------
api_version() {
  curl -fsS --max-time 5 -H 'Content-Type: application/json-rpc' \
    -d '{"jsonrpc":"2.0","method":"apiinfo.version","params":{},"id":1}' "$URL" 2>/dev/null
}
if [ -f "$DIR/php.pid" ] && kill -0 "$(cat "$DIR/php.pid")" 2>/dev/null && api_version | grep -q '"result"'; then
  log "already running (pid $(cat "$DIR/php.pid")): $(api_version)"
  echo "$URL"
  exit 0
fi

# ---- 2. database ---------------------------------------------------------------------------------------------
psql_admin() { psql -X -v ON_ERROR_STOP=1 -qAt -d postgres "$@"; }
if [ "${ZABBIX_PEER_FRESH:-0}" = 1 ]; then
  log "ZABBIX_PEER_FRESH=1: dropping database $DB"
  psql_admin -c "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)"
fi
# A role of our own, so the frontend never connects as the superuser. Trust auth on loopback: no password.
if [ -z "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$DB'")" ]; then
  psql_admin -c "CREATE ROLE \"$DB\" LOGIN"
fi
if [ -z "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$DB'")" ]; then
  psql_admin -c "CREATE DATABASE \"$DB\" OWNER \"$DB\" ENCODING 'UTF8' TEMPLATE template0"
fi
# The schema is loaded when `dbversion` has a row (data.sql writes it last); a half-loaded database cannot exist
# because the three files go in as one transaction.
loaded=$(psql -X -qAt -d "$DB" -U "$DB" -c "SELECT mandatory FROM dbversion" 2>/dev/null || true)
if [ -z "$loaded" ]; then
  t=$(now)
  log "loading schema, images and data into $DB"
  # As the owner role, so every table belongs to the role the frontend uses. --single-transaction: all or nothing,
  # and much faster than autocommit per statement. Under the heavy lock: it keeps a core busy for ~12 s.
  zcat "$SQL_DIR/schema.sql.gz" "$SQL_DIR/images.sql.gz" "$SQL_DIR/data.sql.gz" \
    | flock /tmp/heavy.lock psql -X -q -v ON_ERROR_STOP=1 --single-transaction -d "$DB" -U "$DB" >"$DIR/schema.log" 2>&1 \
    || { log "schema load failed, see $DIR/schema.log"; tail -20 "$DIR/schema.log" >&2; exit 1; }
  loaded=$(psql -X -qAt -d "$DB" -U "$DB" -c "SELECT mandatory FROM dbversion")
  log "schema load took $(since "$t") s (dbversion $loaded)"
fi

# ---- 3. frontend copy and config -----------------------------------------------------------------------------
# Debian patches the frontend to read exactly /etc/zabbix/zabbix.conf.php (CConfigFile::CONFIG_FILE_PATH, a class
# constant; no environment variable or include path overrides it). To leave /etc alone and allow several peers,
# the state dir gets a hard-linked copy of the frontend (same filesystem: instant, no extra space; falls back to
# a real copy) with that one class file replaced by an edited copy. Symlinks would not do: PHP resolves __DIR__
# through them and would load the original class.
WEB="$DIR/frontend"
CONF="$DIR/zabbix.conf.php"
CLASS=include/classes/core/CConfigFile.php
stamp="$(dpkg-query -W -f='${Version}' zabbix-frontend-php) $CONF"
if [ "$(cat "$WEB/.peer-stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$WEB"
  cp -al "$FRONTEND_SRC" "$WEB" 2>/dev/null || cp -a "$FRONTEND_SRC" "$WEB"
  rm -f "$WEB/$CLASS"   # unlink first: writing through the hard link would edit the packaged file
  sed "s|const CONFIG_FILE_PATH = '/etc/zabbix/zabbix.conf.php';|const CONFIG_FILE_PATH = '$CONF';|" \
    "$FRONTEND_SRC/$CLASS" >"$WEB/$CLASS"
  grep -qF "'$CONF'" "$WEB/$CLASS" || { log "could not repoint $CLASS (frontend changed?)"; exit 1; }
  echo "$stamp" >"$WEB/.peer-stamp"
fi
cat >"$CONF" <<PHP
<?php
// Written by scripts/zabbix-peer/start.sh; rewritten on every start.
\$DB['TYPE']           = 'POSTGRESQL';
\$DB['SERVER']         = '$PGHOST';
\$DB['PORT']           = '$PGPORT';
\$DB['DATABASE']       = '$DB';
\$DB['USER']           = '$DB';
\$DB['PASSWORD']       = '';
\$DB['SCHEMA']         = '';
\$DB['ENCRYPTION']     = false;
\$DB['KEY_FILE']       = '';
\$DB['CERT_FILE']      = '';
\$DB['CA_FILE']        = '';
\$DB['VERIFY_HOST']    = false;
\$DB['CIPHER_LIST']    = '';
\$DB['VAULT_URL']      = '';
\$DB['VAULT_DB_PATH']  = '';
\$DB['VAULT_TOKEN']    = '';
\$DB['DOUBLE_IEEE754'] = true;
// No zabbix_server runs; the API does not need it (see docs/zabbix-peer.md for the few calls that would).
\$ZBX_SERVER           = '127.0.0.1';
\$ZBX_SERVER_PORT      = '10051';
\$ZBX_SERVER_NAME      = 'zabbix-peer';
\$IMAGE_FORMAT_DEFAULT = IMAGE_FORMAT_PNG;
PHP

# ---- 4. serve ------------------------------------------------------------------------------------------------
if curl -s --max-time 1 -o /dev/null "http://127.0.0.1:${PORT}/"; then
  log "port $PORT is taken by something else; set ZABBIX_PEER_PORT"
  exit 1
fi
t=$(now)
# The -d settings are the frontend's documented minimums; date.timezone silences the warning that would otherwise
# be printed into every response. PHP_CLI_SERVER_WORKERS=2 lets a slow request not block the next (2 cores).
# setsid: the server outlives this script and stop.sh can kill its whole process group.
PHP_CLI_SERVER_WORKERS=2 setsid php \
  -d memory_limit=256M -d post_max_size=16M -d max_execution_time=300 -d max_input_time=300 \
  -d date.timezone=UTC -d display_errors=0 -d log_errors=1 -d error_log="$DIR/php-error.log" \
  -S "127.0.0.1:$PORT" -t "$WEB" >"$DIR/php.log" 2>&1 </dev/null &
echo $! >"$DIR/php.pid"

for _ in $(seq 1 150); do
  if reply=$(api_version) && grep -q '"result"' <<<"$reply"; then
    log "first answer after $(since "$t") s: $reply (total $(since "$T0") s)"
    echo "$URL"
    exit 0
  fi
  kill -0 "$(cat "$DIR/php.pid")" 2>/dev/null || { log "php -S exited, see $DIR/php.log"; tail -20 "$DIR/php.log" >&2; exit 1; }
  sleep 0.2
done
log "no answer from $URL after 30 s; see $DIR/php.log and $DIR/php-error.log"
exit 1
