#!/usr/bin/env bash
# make-fixtures.sh — build small Firebird databases, back them up, restore them with gbak and keep
# the REAL gbak output as test fixtures (src/test/resources/logs/) and samples (samples/).
#
# usage: scripts/make-fixtures.sh [--ab | --ab-only | --backups] [WORKDIR]
#   WORKDIR    scratch directory for .fdb/.fbk files (default /tmp/gbakprof-fixtures); never the repo.
#   --ab       also run the interleaved A/B restores (full CPU vs 50% CPU quota) into samples/ab/.
#   --ab-only  only the A/B restores (builds the shop backup first if WORKDIR does not have it).
#   --backups  only the backup logs (gbak -b -v -st ...) into src/test/resources/backup-logs/; the
#              services backup uses the server already running on localhost (ISC_PASSWORD set).
#
# Needs root (embedded isql-fb/gbak on local files with -user SYSDBA and no password; starting the
# server as user firebird; cgroups), Firebird 3.0 from Debian (gbak, isql-fb, gfix, fbsvcmgr,
# /usr/sbin/firebird). The SYSDBA password is read from /etc/firebird/3.0/SYSDBA.password, used only
# on the command lines of the services restores, and never written to any file of the repo.
# Logs are never edited: each one is exactly what gbak/fbsvcmgr wrote to stdout+stderr (2>&1).
set -euo pipefail

die() { printf 'make-fixtures: ERROR: %s\n' "$*" >&2; exit 1; }
say() { printf 'make-fixtures: %s\n' "$*" >&2; }

MODE=fixtures
WORKDIR=/tmp/gbakprof-fixtures
for arg in "$@"; do
  case $arg in
    --ab) MODE=fixtures+ab ;;
    --ab-only) MODE=ab ;;
    --backups) MODE=backups ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) die "unknown option: $arg (see --help)" ;;
    *) WORKDIR=$arg ;;
  esac
done

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SQLDIR=$REPO/scripts/fixtures
LOGDIR=$REPO/src/test/resources/logs
SAMPLES=$REPO/samples
ABDIR=$SAMPLES/ab
PASSWORD_FILE=/etc/firebird/3.0/SYSDBA.password
PAGE_SIZE=8192
RUN_TIMEOUT=300   # seconds; a normal shop restore takes 11-20 s here

[[ $(id -u) == 0 ]] || die "run as root (embedded gbak/isql-fb on local files, starting the server as firebird)"
for c in gbak isql-fb gfix fbsvcmgr iconv setpriv; do
  command -v "$c" >/dev/null || die "$c not found (apt-get install firebird3.0-utils firebird3.0-server)"
done
[[ -x /usr/sbin/firebird ]] || die "/usr/sbin/firebird not found (apt-get install firebird3.0-server)"
for f in shop.sql small.sql dupfail.sql; do [[ -f $SQLDIR/$f ]] || die "missing $SQLDIR/$f"; done
WORKDIR=$(mkdir -p "$WORKDIR" && cd "$WORKDIR" && pwd)
case $WORKDIR/ in "$REPO"/*) die "WORKDIR $WORKDIR is inside the repository; pick a scratch directory" ;; esac
# the server (user firebird) must reach the backups and write the services restores
chmod 755 "$WORKDIR"
mkdir -p "$LOGDIR" "$SAMPLES"
cd "$WORKDIR"
EXIT_CODES_TMP=$WORKDIR/exit-codes.tmp
README_ROWS_TMP=$WORKDIR/readme-rows.tmp

SCRIPT_START=$(date +%s)
PW=""
SERVER_PID=""
CGROUP_DIR=""

cleanup() {
  local rc=$?
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then stop_server; fi
  if [[ -n $CGROUP_DIR && -d $CGROUP_DIR ]]; then rmdir "$CGROUP_DIR" 2>/dev/null || true; fi
  rm -f "$WORKDIR"/restore-*.fdb "$WORKDIR"/ab-*.fdb "$WORKDIR"/svc/*.fdb "$WORKDIR"/small-backup-verbose.fbk
  rm -f "$EXIT_CODES_TMP" "$README_ROWS_TMP"
  exit "$rc"
}
trap cleanup EXIT

# The command as written in the docs: the password is replaced, arguments with blanks are quoted.
show_cmd() {
  local out="" a
  for a in "$@"; do
    if [[ -n $PW && $a == "$PW" ]]; then a='<password>'; fi
    if [[ $a =~ [[:space:]] || -z $a ]]; then a="'$a'"; fi
    out+="${out:+ }$a"
  done
  printf '%s' "$out"
}

# ---------------------------------------------------------------------------------------------
# environment
FB_VERSION=$( { gbak -z 2>&1 || true; } | sed -n 's/^gbak:gbak version //p' | head -n 1)
[[ -n $FB_VERSION ]] || die "could not read the gbak version (gbak -z)"
CPU_MODEL=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
NCPU=$(nproc)
OS_DESC="$(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r)"
say "gbak $FB_VERSION; $NCPU CPUs ($CPU_MODEL); WORKDIR $WORKDIR; mode $MODE"

# ---------------------------------------------------------------------------------------------
# databases
build_db() { # build_db NAME  -> $WORKDIR/NAME.fdb and NAME.fbk
  local name=$1
  rm -f "$name.fdb" "$name.fbk"
  echo "CREATE DATABASE '$WORKDIR/$name.fdb' PAGE_SIZE $PAGE_SIZE DEFAULT CHARACTER SET UTF8;" \
    | isql-fb -q -user SYSDBA || die "isql-fb could not create $name.fdb"
  # asynchronous writes while loading (much faster), the usual synchronous writes before the backup
  gfix -write async -user SYSDBA "$name.fdb" || die "gfix -write async $name.fdb failed"
  isql-fb -q -b -user SYSDBA -i "$SQLDIR/$name.sql" "$name.fdb" || die "isql-fb -i $name.sql failed"
  gfix -write sync -user SYSDBA "$name.fdb" || die "gfix -write sync $name.fdb failed"
  gbak -b -user SYSDBA "$name.fdb" "$name.fbk" || die "gbak -b $name.fdb failed"
  chmod 644 "$name.fbk"
  say "built $name.fdb and $name.fbk ($(du -h "$name.fbk" | cut -f1))"
}

# ---------------------------------------------------------------------------------------------
# running and recording

record() { # record LOGNAME RC COMMAND NOTE
  printf '%s %s %s\n' "$1" "$2" "$3" >> "$EXIT_CODES_TMP"
  printf '| `%s` | `%s` | %s | %s |\n' "$1" "${3//|/\\|}" "$2" "$4" >> "$README_ROWS_TMP"
}

run_log() { # run_log NAME EXPECTED_RC NOTE CMD...   (stdout and stderr merged, in order, into NAME.log)
  local name=$1 expect=$2 note=$3; shift 3
  local log=$LOGDIR/$name.log rc=0 t0 t1
  say "$name: $(show_cmd "$@")"
  t0=$(date +%s.%N)
  # timeout: a run that hangs (e.g. on a lock held by another process on a shared machine) must not
  # hang the script; 124/137 from timeout are reported as failures below
  timeout -k 5 "$RUN_TIMEOUT" "$@" > "$log" 2>&1 || rc=$?
  t1=$(date +%s.%N)
  ((rc == 124 || rc == 137)) && die "$name: killed after $RUN_TIMEOUT s (hung?) (see $log)"
  record "$name.log" "$rc" "$(show_cmd "$@")" "$note"
  [[ $rc == "$expect" ]] || die "$name: exit code $rc, expected $expect (see $log)"
  say "$name: exit $rc, $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}') s, $(wc -l < "$log") lines"
}

# ---------------------------------------------------------------------------------------------
# checks: every log must look like what it claims to be
expect_line() { # expect_line LOG EXTENDED-REGEX DESCRIPTION
  grep -qE -- "$2" "$LOGDIR/$1" || die "$1: expected $3 (regex: $2)"
}
expect_no_line() {
  if grep -qE -- "$2" "$LOGDIR/$1"; then die "$1: unexpected $3 (regex: $2)"; fi
}
expect_first_line() { # exact first line
  local first; first=$(head -n 1 "$LOGDIR/$1")
  [[ $first == "$2" ]] || die "$1: first line is [$first], expected [$2]"
}
expect_last_line() {
  local last; last=$(tail -n 1 "$LOGDIR/$1")
  [[ $last == "$2" ]] || die "$1: last line is [$last], expected [$2]"
}
# a complete local restore with statistics; $2 = header; $3 = number of statistics columns
check_complete_restore() {
  local log=$1 header=$2 ncol=$3 num='[[:space:]]+[0-9]+(\.[0-9]{3})?' re
  expect_first_line "$log" "$header"
  re="^gbak:"; for ((i = 0; i < ncol; i++)); do re+=$num; done
  expect_line "$log" "$re opened file " "a statistics line for 'opened file'"
  expect_line "$log" "$re +finishing, closing, and going home$" "'finishing, closing, and going home' with $ncol columns"
  expect_line "$log" "$re total statistics$" "'total statistics' with $ncol columns"
  expect_last_line "$log" "gbak:adjusting the ONLINE and FORCED WRITES flags"
  local defs acts
  defs=$(grep -cE '    restoring index ' "$LOGDIR/$log" || true)
  acts=$(grep -cE '    activating and creating deferred index ' "$LOGDIR/$log" || true)
  [[ $defs == "$acts" && $defs -gt 0 ]] || die "$log: $defs index definitions but $acts activations"
}
check_no_trailing_blank_except_header() {
  local n; n=$(tail -n +2 "$LOGDIR/$1" | grep -c ' $' || true)
  [[ $n == 0 ]] || die "$1: $n lines after the header end with a blank (not expected for a local run)"
}
check_every_line_trailing_blank() { # services output: every line ends with one extra blank
  local n; n=$(grep -vc ' $' "$LOGDIR/$1" || true)
  [[ $n == 0 ]] || die "$1: $n lines do not end with a blank (expected for services output)"
}

HDR_TDRW='gbak: time     delta  reads  writes '

# ---------------------------------------------------------------------------------------------
# services: server as user firebird on localhost:3050 (Debian: RemoteBindAddress = localhost)
port_open() { (exec 3<>/dev/tcp/127.0.0.1/3050) 2>/dev/null; }

start_server() {
  [[ -r $PASSWORD_FILE ]] || die "cannot read $PASSWORD_FILE"
  PW=$(sed -n 's/^ISC_PASSWORD=//p' "$PASSWORD_FILE" | sed -e 's/^"//' -e 's/"$//')
  [[ -n $PW ]] || die "no ISC_PASSWORD in $PASSWORD_FILE"
  # Port 3050 may be held by another user's server on a shared machine: wait for it (up to 5 min).
  local w
  for ((w = 0; w < 300; w += 5)); do
    port_open || break
    ((w % 30 == 0)) && say "127.0.0.1:3050 is in use by another server; waiting for it to stop ($w s)"
    sleep 5
  done
  if port_open; then die "something still listens on 127.0.0.1:3050 after 5 min; stop that server first"; fi
  mkdir -p /run/firebird3.0 /tmp/firebird
  chown firebird:firebird /run/firebird3.0 /tmp/firebird
  setpriv --reuid=firebird --regid=firebird --init-groups /usr/sbin/firebird > "$WORKDIR/server.out" 2>&1 &
  SERVER_PID=$!
  local i
  for ((i = 0; i < 100; i++)); do
    port_open && break
    kill -0 "$SERVER_PID" 2>/dev/null || die "the server exited at once (see $WORKDIR/server.out)"
    sleep 0.1
  done
  port_open || die "the server did not answer on 127.0.0.1:3050 within 10 s"
  # make sure the listener is OUR server, not one someone else started meanwhile
  ss -ltnpH 'sport = :3050' | grep -q "pid=$SERVER_PID," \
    || die "127.0.0.1:3050 answers, but not from our server (pid $SERVER_PID): $(ss -ltnpH 'sport = :3050')"
  SERVER_VERSION=$(fbsvcmgr localhost:service_mgr -user SYSDBA -password "$PW" info_server_version \
    | sed -n 's/^Server version: //p')
  say "server pid $SERVER_PID, $SERVER_VERSION"
}

# SIGTERM is the normal stop. Firebird 3.0.11 sometimes ignores it after a services restore (seen once
# here: still listening minutes later), so after 15 s the server gets SIGKILL, and we say so.
stop_server() {
  local i
  kill -TERM "$SERVER_PID"
  for ((i = 0; i < 150; i++)); do
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$SERVER_PID" 2>/dev/null; then
    say "WARNING: the server (pid $SERVER_PID) ignored SIGTERM for 15 s; sending SIGKILL"
    kill -KILL "$SERVER_PID"
  fi
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

# ---------------------------------------------------------------------------------------------
# README of the logs (generated: commands and exit codes come from this run)
write_logs_readme() {
  local total=$1
  {
    cat <<EOF
# Real gbak logs (test fixtures)

Every \`.log\` here is the unedited output of a real \`gbak\` / \`fbsvcmgr\` run, stdout and stderr
merged in order (\`> file 2>&1\`), made by \`scripts/make-fixtures.sh\` (which also rewrites this file).
The only exceptions are the four re-encoded copies of \`small-tdrw.log\` (see below): same bytes of text,
different encoding/line ends. Nothing was typed or edited by hand.

- Firebird: \`gbak -z\` → \`$FB_VERSION\`; server (services logs): \`$SERVER_VERSION\`
- Machine: $NCPU CPUs ($CPU_MODEL), $OS_DESC; the script ran as root.
- Generated: $(date -u '+%Y-%m-%d %H:%M UTC'); the whole script took $total s.
- Databases (DDL in \`scripts/fixtures/\`), all page size $PAGE_SIZE, default character set UTF8, dialect 3:
  - \`shop\` (\`shop.sql\`): CUSTOMERS 20,000 rows, PRODUCTS 1,000, ORDERS 1,000,000, ORDER_LINES 100,000,
    AUDIT_EMPTY 0 (PK + second index), view V_CUSTOMER_TOTALS, domains D_MONEY/D_NAME, sequence
    GEN_ORDER_ID, procedure GET_CUSTOMER_TOTAL, trigger ORDERS_BI; 14 indexes: named PK/UNIQUE/FK
    constraints, unnamed ones (RDB\$PRIMARY1, RDB\$2, RDB\$FOREIGN3), a compound index
    (IX_ORDERS_CUST_DATE), a DESCENDING index (IX_ORDERS_DATE_DESC), an expression index
    (IX_ORDERS_STATUS_YEAR, COMPUTED BY).
  - \`small\` (\`small.sql\`): DEPARTMENTS 12, EMPLOYEES 300, PROJECTS 40, EMPTY_NOTES 0 (PK + descending index), FKs.
  - \`dupfail\` (\`dupfail.sql\`): ITEMS 303 rows whose plain unique expression index UX_ITEMS_NORM_CODE
    cannot be rebuilt (duplicates), TAGS 52 rows with an INACTIVE unique index holding duplicates.
- Working directory: \`$WORKDIR\` (local runs use relative file names, so logs say \`opened file shop.fbk\`);
  services runs use absolute paths (the server opens them). Restore targets are fresh files, deleted afterwards.
- Timings are real but not benchmarks: the machine may be shared with other processes (builds, tests)
  while the script runs, which shows up as slower phases.
- Every command except the killed \`shop-cut.log\` run ran under \`timeout -k 5 $RUN_TIMEOUT\` (a guard against hangs on a shared machine; it does not
  change the output, and a run it had to stop makes the script fail instead of leaving a log).
- Exit codes are also in \`exit-codes.txt\` (\`<log> <exit code> <command>\`); the password is shown as \`<password>\`.

| log | command | exit | notes |
|---|---|---|---|
EOF
    cat "$README_ROWS_TMP"
    cat <<'EOF'

## Things to know when reading these logs

- `gbak -c -v` and `-verbint N` are mutually exclusive in 3.0.11 (`gbak: ERROR:verify (verbose) and
  verbint options are mutually exclusive`), so `shop-tdrw-verbint200000.log` uses `-verbint 200000` without `-v`.
- Local runs: only the header line ends with blanks (`gbak: time     delta  reads  writes `).
  Services runs (`*-services-*.log`): **every** line ends with one extra blank, the header with two.
- The index failure in `dupfail-tdrw.log` (`cannot commit index`, two `gbak: ERROR:` lines, `Database is
  not online…`, `Run gfix -online…`) is written entirely to **stdout** by 3.0.11 (stderr was empty when
  captured separately); the exit code is 2. Through the services manager the same text arrives and
  fbsvcmgr exits 0.
- `dupfail`: the inactive unique index UX_TAGS_NAME (with duplicates) is restored inactive, so it has a
  `restoring index` line but no `activating and creating deferred index` line: gbak keeps the inactive flag
  from the backup and never tries to build it. The failing index is UX_ITEMS_NORM_CODE (see `dupfail.sql`).
- Empty tables (AUDIT_EMPTY in shop, EMPTY_NOTES in small): their `restoring index` lines are followed
  directly by another table's `restoring index` lines; there is no `restoring data for table` line for them.
- `shop-cut.log` was killed with SIGKILL (exit 137 from the shell) right after gbak printed
  `activating and creating deferred index IX_ORDERS_STATUS_YEAR` (a ~2.5 s index build); the file just stops
  after that complete line. No `finishing`/`total statistics`.
- `small-backup.log` is a *backup* (`gbak -b`) log: `writing …` messages, no `restoring …`; its first
  statistics line does not start at 0.000 (it is `readied database … for backup`).
- Progress lines: with the default interval (10,000) every table's final count is printed once more even when it
  equals the last progress line (`100000 records restored` twice). With `-verbint 200000`, ORDER_LINES
  (100,000 rows) prints only its final count, while ORDERS prints `1000000 records restored` twice.
- `small-exists.log`: restoring over an existing file; the fatal error goes through stderr (merged here).
EOF
  } > "$LOGDIR/README.md"
}

# ---------------------------------------------------------------------------------------------
# samples/README.md (generated; the commands are looked up in logs/exit-codes.txt and ab/runs.txt)
write_samples_readme() {
  local f cmd rc
  {
    cat <<EOF
# Sample gbak logs

Real logs a newcomer can feed to \`gbakprof parse\` / \`report\` / \`compare\` at once, plus two short
excerpts quoted from a published article. Made by \`scripts/make-fixtures.sh\` (\`--ab\` for \`ab/\`);
this file is rewritten by the script.

Machine: $NCPU CPUs ($CPU_MODEL), $OS_DESC. Firebird \`$FB_VERSION\` (Debian package, embedded
engine for local runs; the services log went through the server on localhost:3050).
The databases are described in \`../src/test/resources/logs/README.md\`; their DDL is in \`../scripts/fixtures/\`.

## Copies of the test fixtures (real output, unedited)

| file | command (run in the work directory) | exit |
|---|---|---|
EOF
    [[ -f $LOGDIR/exit-codes.txt ]] || die "$LOGDIR/exit-codes.txt missing: run the script without --ab-only first"
    for f in shop-tdrw.log small-tdrw.log dupfail-tdrw.log shop-services-fbsvcmgr.log shop-cut.log; do
      rc=$(awk -v n="$f" '$1 == n {print $2}' "$LOGDIR/exit-codes.txt")
      cmd=$(awk -v n="$f" '$1 == n {$1 = ""; $2 = ""; sub(/^  /, ""); print}' "$LOGDIR/exit-codes.txt")
      printf '| `%s` | `%s` | %s |\n' "$f" "${cmd//|/\\|}" "$rc"
    done
    cat <<'EOF'

- `shop-tdrw.log`: the full shop restore (1,000,000 ORDERS rows, 14 indexes) with all four columns.
- `small-tdrw.log`: a tiny restore with an empty table (EMPTY_NOTES) whose index definitions have no data line.
- `dupfail-tdrw.log`: a restore whose unique index cannot be built: `cannot commit index`, `gbak: ERROR:`
  lines, `Database is not online…`, exit code 2.
- `shop-services-fbsvcmgr.log`: the shop restore through the services manager (every line ends with a blank).
- `shop-cut.log`: a shop restore killed with SIGKILL while building IX_ORDERS_STATUS_YEAR; the log just stops.

## Quoted from an article (not produced here)

`article-balanced.log` and `article-high-performance.log` hold exactly the five `gbak:` lines per power plan
printed in IBSurgeon's article "How to make Firebird 20% faster on Windows Server 2016 in less than
1 minute" (published by IBSurgeon / ib-aid.com; this copy was taken from its Portuguese version "Como fazer o
Firebird funcionar 20% mais rápido no Windows Server 2016 em menos de 1 minuto"; the Turkish version prints the
same lines). Restore of a 144 GB Firebird 2.5 database with `gbak -c` (columns time, delta, reads, writes);
the lines are byte-for-byte as printed, including the first High-performance line, which the article prints
with single spaces before its message while the other nine lines have five. Lines only: no header, no other
lines. Note: a line's delta is the time since the previous line, so on an `activating` line it is mostly the
build of the index named on the line before (gbak prints the line before the work); and the article's
totals (3775 s and 2593 s) are the span from the first to the last of these five lines, which leaves out the
build of the last index. The same tests are pointed to from IBSurgeon's "23 More Ways To Speed Up Firebird"
(https://ib-aid.com/en/articles/23-more-ways-to-speed-up-firebird/, item 1); the article's own URL was not
checked here.
EOF
    if [[ -f $ABDIR/runs.txt ]]; then
      cat <<'EOF'

## A/B: full CPU vs a 50% CPU quota (`ab/`)

Six restores of the same `shop.fbk`, interleaved (full, limited, full, limited, full, limited), each into a
fresh database file (deleted afterwards). Before each run: a 2 s rest, then a wait until the machine is idle
(it is shared with other builds; the table shows the wait and how busy the whole machine was during each run).
Command of every run:
`gbak -c -v -st tdrw -user SYSDBA shop.fbk ab-<label>-<n>.fdb > ab/<label>/run<n>.log 2>&1`.
The limited runs ran inside a CPU cgroup with a CFS quota of 50 ms per 100 ms period (half of one CPU)
— an emulation of a slow power plan, *not* a Windows power plan. Details and wall-clock start times:
EOF
      printf '\n```\n'
      cat "$ABDIR/runs.txt"
      printf '```\n'
    fi
    # made by gbakprof run, not by this script: its section is kept while its files are there
    if [[ -f $SAMPLES/shop-cpu.log && -f $SAMPLES/shop-cpu.json ]]; then
      cat <<'EOF'

## A run recorded by gbakprof itself (`shop-cpu.*`)

`shop-cpu.log` and `shop-cpu.json` are the raw log and the run record that
`./gbakprof run --backup /tmp/advise-cpurun/shop.fbk --database /tmp/advise-cpurun/shop.fdb --runs-dir /tmp/advise-cpurun/runs --label shop-cpu --sample-interval 0.5`
wrote (same machine, same shop backup, built by the tests from `scripts/fixtures/shop.sql`, on 2026-12-01 while
the machine's 2 CPUs were busy with other builds). Its samples carry gbak's own CPU seconds, the bytes it read and
wrote, its open sort files and the machine's load, not the CPU frequency: this virtual machine has no cpufreq (the
record's warnings say so). `cpu.png` in `charts/shop-cpu/` is drawn from it: the whole machine at 200 % of one
core, gbak at about 5-10 %, so the restore took 3 min 31 s instead of the 17 s of `shop-tdrw.log`, and
`gbakprof advise samples/shop-cpu.json` says `cpu-starved`.
EOF
    fi
    # made by gbakprof matrix and scripts/fixtures/real-shape, not by this script: kept while their files are there
    if [[ -d $SAMPLES/seven && -f $SAMPLES/real-shape-tdrw.log.gz ]]; then
      cat <<'EOF'

## Seven configurations made by `gbakprof matrix` (`seven/`)

The run folders (`gbak.log`, `run.json`, `SHA256SUMS`) that
`./gbakprof matrix --backup shop.fbk --database /tmp/seven/shop.fdb --vary 'gbak:-bu 50,100,200,400,800,1600,3200' --repeat 3 --warmup 1 --cooldown 1 --out /tmp/seven/out`
wrote on 2026-12-06 (same machine and shop backup; the machine shared with other builds): seven page-buffer counts
for the restored database, a warm-up restore of each, then 7 rounds of 3 restores in the balanced order. `demo`
compares them into `charts/seven/`: the page and `report.html` with seven configurations.

## The real-shape restore (`real-shape-tdrw.log.gz`)

A restore log of a real business schema's shape, 2,000 tables and 6,000 indexes, made by the real gbak with
`scripts/fixtures/real-shape` and kept compressed (gbakprof reads `.log.gz` as it is): how it was made and what
`parse` reports of it are in `real-shape-tdrw.txt`. `demo` reports it into `charts/real-shape-tdrw/`.
EOF
    fi
  } > "$SAMPLES/README.md"
}

write_article_samples() {
  # Lines exactly as printed in the article (see samples/README.md); not gbak output of this machine.
  cat > "$SAMPLES/article-balanced.log" <<'EOF'
gbak: 9529.339 1230.343 5028900 346529     activating and creating deferred index INDMF_TAG_PLC_DATA_DT_D
gbak: 10787.610 1258.270 5028909 233365     activating and creating deferred index INDMF_TAG_PLC_DATA_TAG_D
gbak: 11824.329 1036.718 5028907 216488     activating and creating deferred index INDMF_TAG_PLC_DATA_LU_D
gbak: 12571.012 746.683 5028907 265160     activating and creating deferred index INDMF_TAG_PLC_DATA_C1
gbak: 13304.334 733.321 5028908 359393     activating and creating deferred index PKMNF2_DOC_DOWNTIME
EOF
  cat > "$SAMPLES/article-high-performance.log" <<'EOF'
gbak: 5301.785 615.045 5028900 346529 activating and creating deferred index INDMF_TAG_PLC_DATA_DT_D
gbak: 5924.667 622.882 5028909 233365     activating and creating deferred index INDMF_TAG_PLC_DATA_TAG_D
gbak: 6569.815 645.147 5028907 216488     activating and creating deferred index INDMF_TAG_PLC_DATA_LU_D
gbak: 7186.322 616.506 5028907 265160     activating and creating deferred index INDMF_TAG_PLC_DATA_C1
gbak: 7894.340 708.018 5028908 359393     activating and creating deferred index PKMNF2_DOC_DOWNTIME
EOF
}

# ---------------------------------------------------------------------------------------------
make_fixtures() {
  : > "$EXIT_CODES_TMP"
  : > "$README_ROWS_TMP"
  build_db shop
  build_db small
  build_db dupfail

  local t=restore
  rm -f "$t"-*.fdb

  # --- shop, local (embedded engine) ---
  run_log shop-tdrw 0 "all four columns" \
    gbak -c -v -st tdrw -user SYSDBA shop.fbk "$t-shop-tdrw.fdb"
  run_log shop-w 0 "writes column only" \
    gbak -c -v -st w -user SYSDBA shop.fbk "$t-shop-w.fdb"
  run_log shop-td 0 "time and delta" \
    gbak -c -v -st td -user SYSDBA shop.fbk "$t-shop-td.fdb"
  run_log shop-t 0 "time column only" \
    gbak -c -v -st t -user SYSDBA shop.fbk "$t-shop-t.fdb"
  run_log shop-WRDT 0 "letters upper case, reversed: same columns and order as tdrw" \
    gbak -c -v -st WRDT -user SYSDBA shop.fbk "$t-shop-WRDT.fdb"
  run_log shop-nost 0 "no statistics: no header, no columns" \
    gbak -c -v -user SYSDBA shop.fbk "$t-shop-nost.fdb"
  run_log shop-tdrw-verbint200000 0 "progress every 200,000 rows (-verbint implies verbose; -v together with it is an error)" \
    gbak -c -verbint 200000 -st tdrw -user SYSDBA shop.fbk "$t-shop-verbint.fdb"
  run_log shop-tdrw-o 0 "-o (one_at_a_time): committing metadata/data for table lines" \
    gbak -c -v -o -st tdrw -user SYSDBA shop.fbk "$t-shop-o.fdb"
  rm -f "$t"-shop-*.fdb

  # --- shop, cut off: SIGKILL while an index is being built ---
  local cutlog=$LOGDIR/shop-cut.log cutcmd rc=0 i
  cutcmd=(gbak -c -v -st tdrw -user SYSDBA shop.fbk "$t-shop-cut.fdb")
  say "shop-cut: $(show_cmd "${cutcmd[@]}") (killed with SIGKILL during IX_ORDERS_STATUS_YEAR)"
  "${cutcmd[@]}" > "$cutlog" 2>&1 &
  local gpid=$!
  for ((i = 0; i < 2400; i++)); do
    grep -q 'activating and creating deferred index IX_ORDERS_STATUS_YEAR$' "$cutlog" 2>/dev/null && break
    kill -0 "$gpid" 2>/dev/null || die "shop-cut: gbak ended before the index build could be interrupted"
    sleep 0.05
  done
  grep -q 'activating and creating deferred index IX_ORDERS_STATUS_YEAR$' "$cutlog" \
    || { kill -KILL "$gpid"; die "shop-cut: IX_ORDERS_STATUS_YEAR line did not appear within 120 s (hung? see $cutlog)"; }
  sleep 0.5
  kill -KILL "$gpid"
  { wait "$gpid"; } 2>/dev/null || rc=$?   # 2>/dev/null: no "Killed" job notice from bash
  [[ $rc == 137 ]] || die "shop-cut: exit status $rc, expected 137 (SIGKILL)"
  record shop-cut.log "$rc" "$(show_cmd "${cutcmd[@]}") (killed: kill -KILL <gbak pid> 0.5 s after the IX_ORDERS_STATUS_YEAR line)" \
    "cut off: SIGKILL while building IX_ORDERS_STATUS_YEAR; exit = 128+9 as seen by the shell"
  rm -f "$t-shop-cut.fdb"

  # --- small ---
  run_log small-tdrw 0 "tiny restore; empty table EMPTY_NOTES: its index definitions have no data line after them" \
    gbak -c -v -st tdrw -user SYSDBA small.fbk "$t-small-tdrw.fdb"
  run_log small-exists 1 "target exists (the previous restore's file): header and 'opened file' on stdout, then the fatal error (stderr); exit 1" \
    gbak -c -v -st tdrw -user SYSDBA small.fbk "$t-small-tdrw.fdb"
  rm -f "$t-small-tdrw.fdb"
  run_log small-backup 0 "a BACKUP log (gbak -b), not a restore log" \
    gbak -b -v -st tdrw -user SYSDBA small.fdb small-backup-verbose.fbk
  rm -f small-backup-verbose.fbk

  # --- dupfail ---
  run_log dupfail-tdrw 2 "index UX_ITEMS_NORM_CODE cannot be activated (duplicates): cannot commit index, ERROR lines, Database is not online; exit 2" \
    gbak -c -v -st tdrw -user SYSDBA dupfail.fbk "$t-dupfail-tdrw.fdb"
  rm -f "$t-dupfail-tdrw.fdb"

  # --- re-encoded copies of small-tdrw.log (same text; for decoding tests) ---
  local src=$LOGDIR/small-tdrw.log
  # Windows PowerShell 5.1 '>' writes UTF-16LE with a BOM and CRLF line ends
  { printf '\xff\xfe'; sed 's/$/\r/' "$src" | iconv -f UTF-8 -t UTF-16LE; } > "$LOGDIR/small-tdrw.utf16le.log"
  record small-tdrw.utf16le.log 0 "{ printf '\\xff\\xfe'; sed 's/\$/\\r/' small-tdrw.log | iconv -f UTF-8 -t UTF-16LE; }" \
    "re-encoded copy of small-tdrw.log: UTF-16LE, BOM FF FE, CRLF (what Windows PowerShell 5.1 \`>\` writes)"
  { printf '\xfe\xff'; iconv -f UTF-8 -t UTF-16BE "$src"; } > "$LOGDIR/small-tdrw.utf16be.log"
  record small-tdrw.utf16be.log 0 "{ printf '\\xfe\\xff'; iconv -f UTF-8 -t UTF-16BE small-tdrw.log; }" \
    "re-encoded copy of small-tdrw.log: UTF-16BE, BOM FE FF, LF"
  { printf '\xef\xbb\xbf'; cat "$src"; } > "$LOGDIR/small-tdrw.utf8bom.log"
  record small-tdrw.utf8bom.log 0 "{ printf '\\xef\\xbb\\xbf'; cat small-tdrw.log; }" \
    "re-encoded copy of small-tdrw.log: UTF-8 with BOM EF BB BF, LF"
  sed 's/$/\r/' "$src" > "$LOGDIR/small-tdrw.crlf.log"
  record small-tdrw.crlf.log 0 "sed 's/\$/\\r/' small-tdrw.log" \
    "re-encoded copy of small-tdrw.log: UTF-8 without BOM, CRLF"

  # --- services manager (server on localhost) ---
  mkdir -p svc
  chown firebird:firebird svc
  rm -f svc/*.fdb
  setpriv --reuid=firebird --regid=firebird --init-groups test -r "$WORKDIR/shop.fbk" \
    || die "user firebird cannot read $WORKDIR/shop.fbk (choose a WORKDIR the firebird user can reach)"
  start_server
  run_log shop-services-fbsvcmgr 0 "services manager; every line ends with one extra blank" \
    fbsvcmgr localhost:service_mgr -user SYSDBA -password "$PW" action_restore \
      bkp_file "$WORKDIR/shop.fbk" dbname "$WORKDIR/svc/shop-fbsvcmgr.fdb" verbose res_stat TDRW
  run_log shop-services-gbak-se 0 "gbak as a services client (-se); every line ends with one extra blank" \
    gbak -se localhost:service_mgr -c -v -st tdrw -user SYSDBA -password "$PW" \
      "$WORKDIR/shop.fbk" "$WORKDIR/svc/shop-gbak-se.fdb"
  run_log dupfail-services-fbsvcmgr 0 "same index failure as dupfail-tdrw.log, but fbsvcmgr exits 0" \
    fbsvcmgr localhost:service_mgr -user SYSDBA -password "$PW" action_restore \
      bkp_file "$WORKDIR/dupfail.fbk" dbname "$WORKDIR/svc/dupfail-fbsvcmgr.fdb" verbose res_stat TDRW
  stop_server
  rm -f svc/*.fdb

  # --- checks ---
  check_complete_restore shop-tdrw.log "$HDR_TDRW" 4
  check_no_trailing_blank_except_header shop-tdrw.log
  expect_line shop-tdrw.log '    1000000 records restored$' "the ORDERS count"
  check_complete_restore shop-w.log 'gbak: writes ' 1
  check_complete_restore shop-td.log 'gbak: time     delta  ' 2
  check_complete_restore shop-t.log 'gbak: time     ' 1
  check_complete_restore shop-WRDT.log "$HDR_TDRW" 4
  check_complete_restore shop-tdrw-verbint200000.log "$HDR_TDRW" 4
  expect_line shop-tdrw-verbint200000.log '    200000 records restored$' "progress at 200,000"
  expect_no_line shop-tdrw-verbint200000.log '    10000 records restored$' "progress at 10,000"
  check_complete_restore shop-tdrw-o.log "$HDR_TDRW" 4
  expect_line shop-tdrw-o.log 'committing data for table ORDERS$' "-o commit lines"
  expect_first_line shop-nost.log 'gbak:opened file shop.fbk'
  expect_line shop-nost.log '^gbak:finishing, closing, and going home$' "finishing without columns"
  expect_no_line shop-nost.log 'total statistics' "'total statistics' without -st"
  expect_last_line shop-nost.log 'gbak:adjusting the ONLINE and FORCED WRITES flags'
  expect_first_line shop-cut.log "$HDR_TDRW"
  expect_last_line shop-cut.log "$(grep 'IX_ORDERS_STATUS_YEAR$' "$cutlog" | tail -n 1)"
  expect_no_line shop-cut.log 'finishing, closing|total statistics' "end of restore in a killed run"
  check_complete_restore small-tdrw.log "$HDR_TDRW" 4
  expect_line small-tdrw.log 'restoring index IX_EMPTY_NOTES_CREATED$' "the empty table's index"
  expect_no_line small-tdrw.log 'restoring data for table EMPTY_NOTES' "a data line for the empty table"
  expect_line small-exists.log 'already exists' "the 'already exists' error"
  expect_line small-backup.log 'writing data for table EMPLOYEES$' "a backup data line"
  expect_no_line small-backup.log 'restoring ' "restore lines in a backup log"
  expect_first_line dupfail-tdrw.log "$HDR_TDRW"
  expect_line dupfail-tdrw.log '^gbak:cannot commit index UX_ITEMS_NORM_CODE$' "the index failure"
  expect_line dupfail-tdrw.log '^gbak: ERROR:attempt to store duplicate value' "the ERROR line"
  expect_line dupfail-tdrw.log 'total statistics$' "total statistics"
  expect_last_line dupfail-tdrw.log 'gbak:Run gfix -online to bring database online without active indices.'
  expect_no_line dupfail-tdrw.log 'activating and creating deferred index UX_TAGS_NAME' "activation of the inactive index"
  local s
  for s in shop-services-fbsvcmgr.log shop-services-gbak-se.log dupfail-services-fbsvcmgr.log; do
    expect_first_line "$s" "$HDR_TDRW "
    check_every_line_trailing_blank "$s"
    expect_line "$s" 'total statistics $' "total statistics"
  done
  expect_last_line shop-services-fbsvcmgr.log 'gbak:adjusting the ONLINE and FORCED WRITES flags '
  expect_last_line shop-services-gbak-se.log 'gbak:adjusting the ONLINE and FORCED WRITES flags '
  expect_line dupfail-services-fbsvcmgr.log '^gbak:cannot commit index UX_ITEMS_NORM_CODE $' "the index failure"
  cmp -s <(iconv -f UTF-16LE -t UTF-8 "$LOGDIR/small-tdrw.utf16le.log" | sed '1s/^\xef\xbb\xbf//; s/\r$//') \
    "$LOGDIR/small-tdrw.log" || die "small-tdrw.utf16le.log does not decode back to small-tdrw.log"
  cmp -s <(iconv -f UTF-16 -t UTF-8 "$LOGDIR/small-tdrw.utf16be.log") "$LOGDIR/small-tdrw.log" \
    || die "small-tdrw.utf16be.log does not decode back to small-tdrw.log"

  mv "$EXIT_CODES_TMP" "$LOGDIR/exit-codes.txt"
  # samples: copies of the most telling real logs
  for s in shop-tdrw.log small-tdrw.log dupfail-tdrw.log shop-services-fbsvcmgr.log shop-cut.log; do
    cp "$LOGDIR/$s" "$SAMPLES/$s"
  done
  write_article_samples
  write_logs_readme "$(($(date +%s) - SCRIPT_START))"
  rm -f "$README_ROWS_TMP"
}

# ---------------------------------------------------------------------------------------------
# A/B: interleaved restores at full CPU and under a 50% CPU quota
setup_quota() { # sets QUOTA_KIND and CGROUP_DIR
  if [[ -f /sys/fs/cgroup/cgroup.controllers ]] && grep -qw cpu /sys/fs/cgroup/cgroup.controllers; then
    QUOTA_KIND="cgroup v2: cpu.max = 50000 100000"
    grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control || echo +cpu > /sys/fs/cgroup/cgroup.subtree_control
    CGROUP_DIR=/sys/fs/cgroup/gbakq
    mkdir -p "$CGROUP_DIR"
    echo "50000 100000" > "$CGROUP_DIR/cpu.max"
  elif [[ -f /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]]; then
    QUOTA_KIND="cgroup v1 cpu controller: cpu.cfs_quota_us = 50000, cpu.cfs_period_us = 100000"
    CGROUP_DIR=/sys/fs/cgroup/cpu/gbakq
    mkdir -p "$CGROUP_DIR"
    echo 100000 > "$CGROUP_DIR/cpu.cfs_period_us"
    echo 50000 > "$CGROUP_DIR/cpu.cfs_quota_us"
  else
    die "no writable CPU cgroup (v2 cpu.max or v1 cpu.cfs_quota_us) here"
  fi
  say "CPU quota: $QUOTA_KIND ($CGROUP_DIR)"
}

# CPU ticks of the whole machine: "busy idle" (idle includes iowait; guest time is already in user)
cpu_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $5+$6}' /proc/stat; }
busy_pct() { # busy_pct "BUSY0 IDLE0" "BUSY1 IDLE1" -> percent of all CPUs busy in between
  awk -v a="$1" -v b="$2" 'BEGIN{split(a,x," "); split(b,y," "); d=(y[1]-x[1])+(y[2]-x[2]);
    printf "%.0f", (d > 0 ? 100*(y[1]-x[1])/d : 0)}'
}
# The machine may be shared (other builds/tests). Before each A/B run wait, up to 300 s, for a 2 s
# window with less than 15% of all CPUs busy; print how long we waited (or that it never got idle).
wait_for_idle() {
  local waited=0 a b p
  while ((waited < 300)); do
    a=$(cpu_ticks); sleep 2; b=$(cpu_ticks); p=$(busy_pct "$a" "$b")
    if ((p < 15)); then echo "$waited"; return; fi
    waited=$((waited + 2))
  done
  echo "not-idle"
}

run_in_quota() { # run CMD... inside the quota cgroup ($BASHPID: the subshell, not the script)
  ( echo "$BASHPID" > "$CGROUP_DIR/cgroup.procs"; exec "$@" )
}

make_ab() {
  [[ -f shop.fbk ]] || build_db shop
  setup_quota
  mkdir -p "$ABDIR/full-cpu" "$ABDIR/cpu-quota-50"
  local runs=$WORKDIR/ab-runs.tmp
  {
    echo "machine: $NCPU CPUs ($CPU_MODEL), $OS_DESC; gbak $FB_VERSION (embedded)"
    echo "backup: shop.fbk (see scripts/fixtures/shop.sql); working directory: $WORKDIR"
    echo "cpu-quota-50: $QUOTA_KIND, i.e. at most half of one CPU for gbak"
    echo "each command ran under: timeout -k 5 $RUN_TIMEOUT (guard against hangs; output unchanged)"
    echo "before each run: 2 s rest, then a wait until a 2 s window shows < 15% of all CPUs busy (idle_wait_s)"
    echo "busy_%: share of ALL $NCPU CPUs busy during the run (whole machine, gbak included: gbak alone is"
    echo "        about 100/$NCPU % at full CPU); load1: 1-minute load average at the start"
    echo "order  label         log                      start (local time)             wall_s  exit  idle_wait_s  busy_%  load1  command"
  } > "$runs"
  local order=0 n label log db t0 t1 rc start cmd waited c0 c1 load1
  for n in 1 2 3; do
    for label in full-cpu cpu-quota-50; do
      order=$((order + 1))
      log=$ABDIR/$label/run$n.log
      db=ab-$label-$n.fdb
      rm -f "$db"
      cmd=(gbak -c -v -st tdrw -user SYSDBA shop.fbk "$db")
      sleep 2
      waited=$(wait_for_idle)
      load1=$(cut -d' ' -f1 /proc/loadavg)
      start=$(date '+%Y-%m-%dT%H:%M:%S.%3N%:z')
      c0=$(cpu_ticks)
      t0=$(date +%s.%N)
      rc=0
      if [[ $label == full-cpu ]]; then
        timeout -k 5 "$RUN_TIMEOUT" "${cmd[@]}" > "$log" 2>&1 || rc=$?
      else
        run_in_quota timeout -k 5 "$RUN_TIMEOUT" "${cmd[@]}" > "$log" 2>&1 || rc=$?
      fi
      t1=$(date +%s.%N)
      c1=$(cpu_ticks)
      rm -f "$db"
      [[ $rc == 0 ]] || die "A/B run $order ($label run$n) failed with exit code $rc (see $log)"
      LOGDIR=$ABDIR/$label check_complete_restore "run$n.log" "$HDR_TDRW" 4
      printf '%-6s %-13s %-24s %-30s %7.1f  %4s  %11s  %6s  %5s  %s\n' "$order" "$label" "$label/run$n.log" "$start" \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$rc" "$waited" "$(busy_pct "$c0" "$c1")" "$load1" \
        "$(show_cmd "${cmd[@]}")$([[ $label == cpu-quota-50 ]] && echo " (inside $CGROUP_DIR)")" >> "$runs"
      say "A/B $order: $label run$n, $(tail -n 1 "$runs" | awk '{print $5}') s"
    done
  done
  rmdir "$CGROUP_DIR"
  CGROUP_DIR=""
  mv "$runs" "$ABDIR/runs.txt"
}

# ---------------------------------------------------------------------------------------------
# backup logs (gbak -b): src/test/resources/backup-logs/, with their own README
make_backups() {
  LOGDIR=$REPO/src/test/resources/backup-logs
  mkdir -p "$LOGDIR"
  : > "$EXIT_CODES_TMP"
  : > "$README_ROWS_TMP"
  build_db shop
  build_db small
  rm -f shop-backup.fbk small-backup.fbk missing.fbk
  run_log shop-backup-tdrw 0 "backup of the shop database, all four columns" \
    gbak -b -v -st tdrw -user SYSDBA shop.fdb shop-backup.fbk
  run_log small-backup-td 0 "backup of the small database, time and delta only" \
    gbak -b -v -st td -user SYSDBA small.fdb small-backup.fbk
  run_log small-backup-nodir 1 "the backup file cannot be created (no such directory): backup lines, then gbak's error" \
    gbak -b -v -st tdrw -user SYSDBA small.fdb /nonexistent-dir/small.fbk
  run_log backup-missing-db 1 "the database does not exist: only gbak's errors, nothing says backup" \
    gbak -b -v -st tdrw -user SYSDBA missing.fdb missing.fbk
  # stopped with SIGTERM while ORDERS is written
  local log=$LOGDIR/shop-backup-term.log cmd rc=0 i
  cmd=(gbak -b -v -st tdrw -user SYSDBA shop.fdb shop-backup-term.fbk)
  rm -f shop-backup-term.fbk
  say "shop-backup-term: $(show_cmd "${cmd[@]}") (SIGTERM after 500000 ORDERS rows)"
  "${cmd[@]}" > "$log" 2>&1 &
  local gpid=$!
  for ((i = 0; i < 2400; i++)); do
    grep -q ' 500000 records written$' "$log" 2>/dev/null && break
    kill -0 "$gpid" 2>/dev/null || die "shop-backup-term: gbak ended before it could be stopped"
    sleep 0.02
  done
  kill -TERM "$gpid"
  wait "$gpid" || rc=$?
  record shop-backup-term.log "$rc" "$(show_cmd "${cmd[@]}") (stopped: kill -TERM <gbak pid> after the '500000 records written' line of ORDERS)" \
    "stopped by SIGTERM while writing ORDERS: gbak's shutdown errors"
  rm -f shop-backup-term.fbk
  # through the services manager of the server already running (password from ISC_PASSWORD, never on a command line)
  if port_open && [[ -n ${ISC_PASSWORD:-} ]]; then
    mkdir -p svc
    chown firebird:firebird svc
    cp small.fdb svc/small.fdb
    chown firebird:firebird svc/small.fdb
    rm -f svc/small-svc.fbk
    run_log small-backup-fbsvcmgr 0 "services backup (fbsvcmgr action_backup ... verbose bkp_stat TDRW)" \
      fbsvcmgr localhost:service_mgr -user SYSDBA action_backup dbname "$WORKDIR/svc/small.fdb" \
        bkp_file "$WORKDIR/svc/small-svc.fbk" verbose bkp_stat TDRW
    rm -f svc/small.fdb svc/small-svc.fbk
  else
    die "--backups needs the Firebird server on localhost:3050 and ISC_PASSWORD (scripts/firebird-server)"
  fi
  rm -f shop-backup.fbk small-backup.fbk
  expect_first_line shop-backup-tdrw.log "$HDR_TDRW"
  expect_line shop-backup-tdrw.log ' 1000000 records written$' "the ORDERS count"
  expect_line shop-backup-tdrw.log 'closing file, committing, and finishing\. [0-9]+ bytes written$' "the closing line"
  expect_line small-backup-nodir.log '^gbak: ERROR:cannot open backup file' "the error"
  expect_no_line backup-missing-db.log 'readied database' "a backup line"
  expect_line shop-backup-term.log '^gbak: ERROR:' "gbak's errors"
  if grep -rqF -- "$ISC_PASSWORD" "$LOGDIR"; then die "the SYSDBA password appears in a file under $LOGDIR"; fi
  mv "$EXIT_CODES_TMP" "$LOGDIR/exit-codes.txt"
  {
    cat <<EOF
# Real gbak backup logs (test fixtures)

Every \`.log\` here is the unedited output of a real \`gbak -b\` / \`fbsvcmgr action_backup\` run, stdout and
stderr merged in order (\`> file 2>&1\`), made by \`scripts/make-fixtures.sh --backups\` (which also rewrites
this file). Nothing was typed or edited by hand.

- Firebird: \`gbak -z\` → \`$FB_VERSION\`
- Machine: $NCPU CPUs ($CPU_MODEL), $OS_DESC; the script ran as root.
- Generated: $(date -u '+%Y-%m-%d %H:%M UTC'); the whole script took $(($(date +%s) - SCRIPT_START)) s.
- Databases: \`shop\` and \`small\` of \`scripts/fixtures/\` (see \`../logs/README.md\`), built afresh.
- Working directory: \`$WORKDIR\`; the services backup used the server already running on localhost.
- Exit codes are also in \`exit-codes.txt\` (\`<log> <exit code> <command>\`).

| log | command | exit | notes |
|---|---|---|---|
EOF
    cat "$README_ROWS_TMP"
  } > "$LOGDIR/README.md"
}

# ---------------------------------------------------------------------------------------------
SERVER_VERSION="(not started)"
case $MODE in
  fixtures) make_fixtures ;;
  fixtures+ab) make_fixtures; make_ab ;;
  ab) make_ab ;;
  backups) make_backups ;;
esac
[[ $MODE == backups ]] || write_samples_readme

# the password must not be in anything we wrote
if [[ -n $PW ]] && grep -rqF -- "$PW" "$LOGDIR" "$SAMPLES"; then
  die "the SYSDBA password appears in a file under $LOGDIR or $SAMPLES: remove it before committing"
fi
if [[ $MODE != ab ]]; then rm -f shop.fdb small.fdb dupfail.fdb; fi
if [[ $MODE == backups ]]; then rm -f shop.fbk small.fbk; fi
say "done in $(($(date +%s) - SCRIPT_START)) s (mode $MODE); backups kept in $WORKDIR"
