#!/usr/bin/env bash
# Make, with curl, exactly the calls the portal's Zabbix client will make against a running peer (start.sh), and
# print each request and response as a Markdown transcript. docs/zabbix-peer.md was written from its output.
# Creates its own host group, host, item and trigger (names carry a run stamp, so reruns do not collide).
# Usage: scripts/zabbix-peer/exercise.sh [URL] > transcript.md
set -euo pipefail
URL=${1:-http://127.0.0.1:${ZABBIX_PEER_PORT:-18089}/api_jsonrpc.php}
RUN=$(date -u +%H%M%S)
ID=0

# call TITLE JSON_PARAMS METHOD [AUTH]: print the request and the response, leave the response in $R.
call() {
  local title=$1 method=$2 params=$3 auth=${4-}
  ID=$((ID + 1))
  local req
  if [ -n "$auth" ]; then
    req=$(jq -nc --arg m "$method" --argjson p "$params" --arg a "$auth" --argjson id "$ID" \
      '{jsonrpc:"2.0",method:$m,params:$p,auth:$a,id:$id}')
  else
    req=$(jq -nc --arg m "$method" --argjson p "$params" --argjson id "$ID" '{jsonrpc:"2.0",method:$m,params:$p,id:$id}')
  fi
  R=$(curl -sS -H 'Content-Type: application/json-rpc' -d "$req" "$URL")
  printf '### %s\n\nRequest:\n```json\n%s\n```\nResponse:\n```json\n%s\n```\n\n' "$title" "$(jq -c . <<<"$req")" "$(jq -c . <<<"$R")"
}
res() { jq -r "$1" <<<"$R"; }

call "apiinfo.version (no auth)" apiinfo.version '{}'
call "user.login, 6.0 shape (username)" user.login '{"username":"Admin","password":"zabbix"}'
TOKEN=$(res .result)
call "user.login, pre-5.4 shape (user): still accepted by 6.0, deprecated" user.login '{"user":"Admin","password":"zabbix"}'
OLD=$(res .result)
call "user.login with both names" user.login '{"user":"Admin","username":"Admin","password":"zabbix"}'
call "user.login, wrong password" user.login '{"username":"Admin","password":"wrong"}'

call "hostgroup.create" hostgroup.create "{\"name\":\"Lightpath peer $RUN\"}" "$TOKEN"
GID=$(res '.result.groupids[0]')
HOST="shelf-syd-$RUN"
call "host.create (agent interface)" host.create "$(jq -nc --arg h "$HOST" --arg g "$GID" '{
  host:$h, name:($h + " (Sydney PoP)"), groups:[{groupid:$g}],
  interfaces:[{type:1, main:1, useip:1, ip:"127.0.0.1", dns:"", port:"10050"}],
  tags:[{tag:"site", value:"SYD"}]}')" "$TOKEN"
HID=$(res '.result.hostids[0]')
call "item.create (trapper)" item.create "$(jq -nc --arg h "$HID" '{
  hostid:$h, name:"Port 1/1/1 LOS", key_:"port.los[1/1/1]", type:2, value_type:3}')" "$TOKEN"
call "trigger.create" trigger.create "$(jq -nc --arg h "$HOST" '{
  description:"Loss of signal on port 1/1/1 of {HOST.NAME}", expression:("last(/" + $h + "/port.los[1/1/1])>0"),
  priority:4, manual_close:1, tags:[{tag:"port", value:"1/1/1"}]}')" "$TOKEN"
TID=$(res '.result.triggerids[0]')

call "trigger.get, search on description (wildcards)" trigger.get "$(jq -nc '{
  output:["triggerid","description","priority","status","value","state","lastchange"],
  search:{description:"*signal*1/1/1*"}, searchWildcardsEnabled:true,
  selectHosts:["hostid","host","name","maintenance_status"], expandDescription:true,
  sortfield:"description", limit:50}')" "$TOKEN"
call "trigger.get, search on description after macro expansion (does not match: search is on the raw description)" \
  trigger.get "$(jq -nc --arg h "$HOST" '{output:["triggerid","description"], search:{description:("*" + $h + "*")},
  searchWildcardsEnabled:true, expandDescription:true}')" "$TOKEN"
call "trigger.get, search on host name: search has no host field (unknown fields are ignored)" trigger.get "$(jq -nc --arg h "$HOST" '{
  output:["triggerid","description"], search:{host:$h}, limit:3}')" "$TOKEN"
call "host.get, search on host name (visible and technical), then trigger.get by hostids" host.get "$(jq -nc '{
  output:["hostid","host","name"], search:{host:"*syd*", name:"*syd*"}, searchByAny:true,
  searchWildcardsEnabled:true}')" "$TOKEN"
HIDS=$(res '[.result[].hostid]')
call "trigger.get by hostids with selectHosts" trigger.get "$(jq -nc --argjson h "$HIDS" '{
  output:["triggerid","description","priority","status"], hostids:$h,
  selectHosts:["hostid","host","name"], expandDescription:true}')" "$TOKEN"
call "trigger.get, host filter (exact technical name)" trigger.get "$(jq -nc --arg h "$HOST" '{
  output:["triggerid","description"], host:$h}')" "$TOKEN"

NOW=$(date +%s); TILL=$((NOW + 8 * 3600))
call "mute (a): maintenance.create for the host, 8 h window, with data collection, only the trigger's tag" \
  maintenance.create "$(jq -nc --arg h "$HID" --argjson now "$NOW" --argjson till "$TILL" --arg t "$TID" '{
  name:("lightpath mute trigger " + $t), description:"muted by jsmith: flapping, fibre crew on site",
  active_since:$now, active_till:$till, maintenance_type:0, hosts:[{hostid:$h}],
  timeperiods:[{timeperiod_type:0, start_date:$now, period:($till - $now)}],
  tags_evaltype:2, tags:[{tag:"port", operator:0, value:"1/1/1"}]}')" "$TOKEN"
MID=$(res '.result.maintenanceids[0]')
call "maintenance.get (the list of mutes)" maintenance.get "$(jq -nc --arg m "$MID" '{
  output:"extend", maintenanceids:[$m], selectHosts:["hostid","host"], selectTimeperiods:"extend",
  selectTags:"extend"}')" "$TOKEN"
call "host.get: maintenance_status after maintenance.create (stays 0 without zabbix_server)" host.get "$(jq -nc --arg h "$HID" '{
  output:["hostid","host","maintenance_status","maintenanceid","maintenance_from"], hostids:[$h]}')" "$TOKEN"
call "unmute (a): maintenance.delete" maintenance.delete "[\"$MID\"]" "$TOKEN"

call "mute (b): trigger.update status=1 (disabled)" trigger.update "{\"triggerid\":\"$TID\",\"status\":1}" "$TOKEN"
call "trigger.get after disabling" trigger.get "$(jq -nc --arg t "$TID" '{output:["triggerid","status"], triggerids:[$t]}')" "$TOKEN"
call "unmute (b): trigger.update status=0" trigger.update "{\"triggerid\":\"$TID\",\"status\":0}" "$TOKEN"

call "problem.get with no problems" problem.get "$(jq -nc '{output:"extend", selectAcknowledges:"extend",
  selectTags:"extend", selectSuppressionData:"extend", recent:false, sortfield:["eventid"], sortorder:"DESC"}')" "$TOKEN"
call "event.acknowledge with the 7.0 suppress action (32) and suppress_until" event.acknowledge "$(jq -nc --argjson till "$TILL" '{
  eventids:["1"], action:32, suppress_until:$till}')" "$TOKEN"
call "event.acknowledge with a 6.0 action (acknowledge + message) on an unknown event" event.acknowledge "$(jq -nc '{
  eventids:["999999"], action:6, message:"muted"}')" "$TOKEN"

# No zabbix_server runs, so no problem can ever appear on its own. To see what problem.get and event.acknowledge
# answer for a real problem, write one the way the server does (events + problem + problem_tag, trigger value 1).
# Only our own database is touched; set ZABBIX_PEER_DB if start.sh used another.
DB=${ZABBIX_PEER_DB:-zabbix_peer}
q() { psql -X -qAt -v ON_ERROR_STOP=1 -h "${PGHOST:-127.0.0.1}" -p "${PGPORT:-5432}" -U "$DB" -d "$DB" -c "$1"; }
EID=$(q "SELECT COALESCE(MAX(eventid), 0) + 1 FROM events")
PTID=$(q "SELECT COALESCE(MAX(problemtagid), 0) + 1 FROM problem_tag")
PNAME="Loss of signal on port 1/1/1 of $HOST (Sydney PoP)"
q "BEGIN;
INSERT INTO events (eventid, source, object, objectid, clock, ns, value, acknowledged, name, severity)
  VALUES ($EID, 0, 0, $TID, $NOW, 0, 1, 0, '$PNAME', 4);
INSERT INTO problem (eventid, source, object, objectid, clock, ns, name, severity)
  VALUES ($EID, 0, 0, $TID, $NOW, 0, '$PNAME', 4);
INSERT INTO problem_tag (problemtagid, eventid, tag, value) VALUES ($PTID, $EID, 'port', '1/1/1');
UPDATE triggers SET value = 1, lastchange = $NOW WHERE triggerid = $TID;
COMMIT;"
printf '### (a problem written into the database the way zabbix_server would: event %s on trigger %s)\n\n' "$EID" "$TID"
call "problem.get with one problem" problem.get "$(jq -nc --arg t "$TID" '{output:"extend", objectids:[$t],
  selectAcknowledges:"extend", selectTags:"extend", selectSuppressionData:"extend", recent:false}')" "$TOKEN"
call "event.acknowledge: acknowledge + message (action 6), the closest 6.0 has to a note on a mute" event.acknowledge \
  "{\"eventids\":[\"$EID\"],\"action\":6,\"message\":\"muted until 07:00 by jsmith: flapping, fibre crew on site\"}" "$TOKEN"
call "event.acknowledge: close (action 1; the trigger allows manual close)" event.acknowledge \
  "{\"eventids\":[\"$EID\"],\"action\":1}" "$TOKEN"
call "trigger.update status=1 with the problem open" trigger.update "{\"triggerid\":\"$TID\",\"status\":1}" "$TOKEN"
call "problem.get after ack, close and disable: still listed (closing and recovery are zabbix_server's work)" problem.get \
  "$(jq -nc --arg t "$TID" '{output:["eventid","r_eventid","acknowledged","suppressed"], objectids:[$t],
  selectAcknowledges:["action","message","clock","userid"]}')" "$TOKEN"
call "trigger.get monitored=true: the disabled trigger drops out (the Problems screen filters problems this way)" trigger.get \
  "$(jq -nc --arg t "$TID" '{output:["triggerid","status","value"], triggerids:[$t], monitored:true}')" "$TOKEN"
call "trigger.update status=0" trigger.update "{\"triggerid\":\"$TID\",\"status\":0}" "$TOKEN"
printf 'Rows zabbix_server would act on: `task` %s (close and ack tasks queued for the server), `event_suppress` %s.\n\n' \
  "$(q "SELECT count(*) FROM task")" "$(q "SELECT count(*) FROM event_suppress")"

# Real shelves get their triggers from templates; a mute must work on an inherited trigger too.
call "template.get (ICMP Ping ships in data.sql)" template.get '{"output":["templateid","host"],"filter":{"host":"ICMP Ping"}}' "$TOKEN"
TPL=$(res '.result[0].templateid')
call "host.create linked to the template" host.create "$(jq -nc --arg h "$HOST-icmp" --arg g "$GID" --arg t "$TPL" '{
  host:$h, groups:[{groupid:$g}], templates:[{templateid:$t}],
  interfaces:[{type:1, main:1, useip:1, ip:"127.0.0.1", dns:"", port:"10050"}]}')" "$TOKEN"
call "trigger.get for the inherited trigger (templateid is set)" trigger.get "$(jq -nc --arg h "$HOST-icmp" '{
  output:["triggerid","description","templateid","status"], host:$h, limit:1}')" "$TOKEN"
ITID=$(res '.result[0].triggerid')
call "trigger.update status=1 on the inherited trigger: allowed" trigger.update "{\"triggerid\":\"$ITID\",\"status\":1}" "$TOKEN"
call "trigger.update of another field on the inherited trigger: refused" trigger.update \
  "{\"triggerid\":\"$ITID\",\"description\":\"renamed\"}" "$TOKEN"
call "trigger.update status=0 on the inherited trigger" trigger.update "{\"triggerid\":\"$ITID\",\"status\":0}" "$TOKEN"

call "bad auth token" host.get '{"output":["hostid"],"limit":1}' "0123456789abcdef0123456789abcdef"
call "unknown parameter on a get: 6.0 ignores it (here with limit 1, or it lists every template trigger)" trigger.get \
  '{"output":["triggerid"],"nosuchparam":true,"limit":1}' "$TOKEN"
call "invalid parameter: unknown field on an update" trigger.update "{\"triggerid\":\"$TID\",\"nosuchparam\":1}" "$TOKEN"
call "wrong types on a get: 6.0's trigger.get and host.get do not validate them either (empty result, no error)" host.get \
  '{"output":["hostid"],"hostids":"abc","limit":1}' "$TOKEN"
printf '### a request without "jsonrpc" (invalid request)\n\n```json\n%s\n```\nResponse:\n```json\n%s\n```\n\n' \
  '{"method":"host.get","params":{},"id":1}' \
  "$(curl -sS -H 'Content-Type: application/json-rpc' -d '{"method":"host.get","params":{},"id":1}' "$URL" | jq -c .)"
printf '### the wrong Content-Type\n\n`Content-Type: text/plain` gets `%s` and an empty body.\n\n' \
  "$(curl -sS -o /dev/null -w 'HTTP %{http_code}' -H 'Content-Type: text/plain' -d '{}' "$URL")"
call "invalid value of a known parameter" trigger.update "{\"triggerid\":\"$TID\",\"status\":7}" "$TOKEN"
call "unknown method" trigger.mute '{}' "$TOKEN"
call "auth on a method that must not have it (apiinfo.version)" apiinfo.version '{}' "$TOKEN"
call "Authorization: Bearer header is ignored by 6.0 (no auth in the body -> not authorised)" host.get '{"output":["hostid"],"limit":1}'
curl -sS -H 'Content-Type: application/json-rpc' -H "Authorization: Bearer $TOKEN" \
  -d '{"jsonrpc":"2.0","method":"host.get","params":{"output":["hostid"],"limit":1},"id":99}' "$URL" \
  | { printf 'The same call with `Authorization: Bearer <token>`:\n```json\n'; jq -c .; printf '```\n\n'; }

call "user.logout" user.logout '[]' "$TOKEN"
call "a call with the logged-out token" host.get '{"output":["hostid"],"limit":1}' "$TOKEN"
call "user.logout of the second session" user.logout '[]' "$OLD"
