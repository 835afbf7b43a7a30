#!/usr/bin/env bash
# make-fixtures-fb4.sh — restore Firebird 3 backups with Firebird 4.0's gbak (scripts/firebird4) and keep the REAL
# output as test fixtures (src/test/resources/logs-fb4/), with the README that lists every command.
#
# usage: scripts/make-fixtures-fb4.sh [WORKDIR]
#   WORKDIR  scratch directory for .fdb/.fbk files (default /tmp/gbakprof-fixtures-fb4); never the repository.
#
# The backups of shop and small are made by Debian's Firebird 3.0 (isql-fb, gbak -b: what a migration starts
# from); fb4types (scripts/fixtures/fb4types.sql: INT128, DECFLOAT, NUMERIC(38), time zones) cannot exist in 3.0
# and is made, backed up and restored by Firebird 4.0. The services restore goes through the tests' Firebird 4
# server (scripts/firebird-server --version 4.0 start) when it runs, with its SYSDBA password in the environment.
# Needs root (embedded tools on local files without a password). Logs are never edited.
set -euo pipefail

die() { printf 'make-fixtures-fb4: ERROR: %s\n' "$*" >&2; exit 1; }
say() { printf 'make-fixtures-fb4: %s\n' "$*" >&2; }

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORKDIR=${1:-/tmp/gbakprof-fixtures-fb4}
LOGDIR=$REPO/src/test/resources/logs-fb4
SQLDIR=$REPO/scripts/fixtures
[[ $(id -u) == 0 ]] || die "run as root (embedded gbak and isql on local files)"
for c in gbak isql-fb; do command -v "$c" >/dev/null || die "$c not found (apt-get install firebird3.0-utils)"; done
GBAK4=$("$REPO/scripts/firebird4" gbak)
ISQL4=$("$REPO/scripts/firebird4" isql)
SVCMGR4=$("$REPO/scripts/firebird4" fbsvcmgr)
WORKDIR=$(mkdir -p "$WORKDIR" && cd "$WORKDIR" && pwd)
case $WORKDIR/ in "$REPO"/*) die "WORKDIR $WORKDIR is inside the repository; pick a scratch directory" ;; esac
chmod 755 "$WORKDIR"
mkdir -p "$LOGDIR"
cd "$WORKDIR"
rm -f ./*.fdb ./*.fbk
START=$(date +%s)
ROWS=$WORKDIR/rows.tmp
: > "$ROWS"

# one restore: LOG, NOTE, the command (run in WORKDIR, output into the log as gbak wrote it)
keep() {
  local log=$1 note=$2 rc=0
  shift 2
  timeout -k 5 300 "$@" > "$LOGDIR/$log" 2>&1 || rc=$?
  ((rc != 124)) || die "$log: timed out"
  local shown=("$@")
  shown[0]=$(basename "$1")
  [[ ${shown[0]} != fbsvcmgr ]] || shown[1]=localhost/PORT:service_mgr
  printf '| `%s` | `%s` | %s | %s |\n' "$log" "${shown[*]}" "$rc" "$note" >> "$ROWS"
  say "$log: exit $rc"
}

# the Firebird 3.0 backups, as a migration has them
for db in shop small; do
  echo "CREATE DATABASE '$WORKDIR/$db.fdb' PAGE_SIZE 8192 DEFAULT CHARACTER SET UTF8;" | isql-fb -q -user SYSDBA
  isql-fb -q -b -user SYSDBA -i "$SQLDIR/$db.sql" "$WORKDIR/$db.fdb"
  gbak -b -user SYSDBA "$db.fdb" "$db.fbk"
  rm -f "$db.fdb"
done
# a database of Firebird 4.0's own types, made by 4.0
echo "CREATE DATABASE '$WORKDIR/fb4types.fdb' PAGE_SIZE 8192 DEFAULT CHARACTER SET UTF8;" | "$ISQL4" -q -user SYSDBA
"$ISQL4" -q -b -user SYSDBA -i "$SQLDIR/fb4types.sql" "$WORKDIR/fb4types.fdb"

keep shop-tdrw.log "Firebird 3.0's backup, all four columns" "$GBAK4" -c -v -st tdrw -user SYSDBA shop.fbk restore-shop-tdrw.fdb
keep small-tdrw.log "tiny restore; EMPTY_NOTES has no data line" "$GBAK4" -c -v -st tdrw -user SYSDBA small.fbk restore-small-tdrw.fdb
keep small-t.log "time column only" "$GBAK4" -c -v -st t -user SYSDBA small.fbk restore-small-t.fdb
keep small-w.log "writes column only" "$GBAK4" -c -v -st w -user SYSDBA small.fbk restore-small-w.fdb
keep small-replica.log "-replica read_only (4.0's switch)" "$GBAK4" -c -v -st tdrw -replica read_only -user SYSDBA small.fbk restore-small-replica.fdb
keep small-exists.log "the database exists: refused" "$GBAK4" -c -v -st tdrw -user SYSDBA small.fbk restore-small-tdrw.fdb
keep fb4types-backup.log "4.0's backup of INT128, DECFLOAT, NUMERIC(38), time zones" "$GBAK4" -b -v -st tdrw -user SYSDBA fb4types.fdb fb4types.fbk
keep fb4types-tdrw.log "its restore" "$GBAK4" -c -v -st tdrw -user SYSDBA fb4types.fbk restore-fb4types-tdrw.fdb
if "$REPO/scripts/firebird-server" --version 4.0 status >/dev/null 2>&1; then
  address=$("$REPO/scripts/firebird-server" --version 4.0 address)
  ISC_PASSWORD=$("$REPO/scripts/firebird-server" --version 4.0 password)
  export ISC_PASSWORD
  rm -f restore-small-services.fdb
  chown firebird: "$WORKDIR"
  keep small-services-fbsvcmgr.log "services restore through the Firebird 4 server, verbose with statistics" \
    "$SVCMGR4" "$address:service_mgr" -user SYSDBA action_restore bkp_file "$WORKDIR/small.fbk" \
    dbname "$WORKDIR/restore-small-services.fdb" verbose res_stat tdrw
else
  say "the tests' Firebird 4 server does not run: no services log (scripts/firebird-server --version 4.0 start)"
fi

version=$("$GBAK4" -z 2>&1 | sed -n 's/.*gbak version //p' | head -1 || true)
{
  cat <<EOF
# Real Firebird 4.0 gbak logs (test fixtures)

Every \`.log\` here is the unedited output of a real Firebird 4.0 \`gbak\` / \`fbsvcmgr\` run, stdout and stderr
merged in order (\`> file 2>&1\`), made by \`scripts/make-fixtures-fb4.sh\` (which also rewrites this file).
What 4.0 prints that 3.0 does not is in \`docs/dev/GBAK-FORMAT.md\` ("Firebird 4.0").

- Firebird: \`gbak -z\` → \`$version\` (Debian trixie's packages, made into an engine by \`scripts/firebird4\`,
  embedded); the services log through the tests' Firebird 4 server (\`scripts/firebird-server --version 4.0\`).
- Backups: \`shop.fbk\` and \`small.fbk\` made by Debian bookworm's Firebird 3.0 (\`$(gbak -z 2>&1 | sed -n 's/.*gbak version //p' | head -1)\`,
  \`gbak -b\`) from \`scripts/fixtures/shop.sql\` and \`small.sql\`: what a migration to 4.0 restores. \`fb4types\`
  (\`scripts/fixtures/fb4types.sql\`: INT128, NUMERIC(38,4), DECFLOAT(16) and (34), TIME and TIMESTAMP WITH
  TIME ZONE, indexes on them) is made, backed up and restored by 4.0.
- Machine: $(nproc) CPUs, $(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r); run as root in \`$WORKDIR\`
  (relative file names). Generated $(date -u '+%Y-%m-%d %H:%M UTC'); the script took $(($(date +%s) - START)) s.
  Timings are real but not benchmarks (a shared machine).

| log | command | exit | notes |
|---|---|---|---|
EOF
  cat "$ROWS"
} > "$LOGDIR/README.md"
rm -f "$ROWS" ./*.fdb
say "logs in $LOGDIR"
