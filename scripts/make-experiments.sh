#!/usr/bin/env bash
# make-experiments.sh — make the run folders the comparison tests read (src/test/resources/experiments/), with
# the real gbak and the real gbakprof, on this machine. Each experiment is made once and committed: its statistics
# and sentences are asserted on the folders, never on a live run (a live load on a shared CI machine would flake).
#
# usage: scripts/make-experiments.sh [--keep-work] EXPERIMENT... [WORKDIR]
#   hog      eight rounds of a DBA's own alternating runs (gbakprof run, no matrix), each an "alone" restore and
#            then a "hog" restore of the same backup (sized.sql at 200,000 ORDERS rows: a few seconds each, so that a
#            round is short against the machine's drift), both pinned to one CPU (taskset); during "hog" a busy loop
#            is pinned to that CPU too. Paired by their start times (time-order).
#   cold     gbakprof matrix --vary 'gbak:-bu 100,8000' --repeat 3 --warmup 0 after dropping the backup from the
#            page cache (dd iflag=nocache): the first restore is cold, where the disk is not cached elsewhere (on a VM
#            whose host caches its disk it is not: 48 MB read in 0.03 s right after drop_caches).
#   warm     the same with --warmup 1 (a warm-up restore of each arm, recorded and set aside; the committed
#            folder holds one, of -bu 100).
#   stopped  a shop restore stopped by --timeout 2s in its data ("stopped-at-2s"), then a complete one ("completed").
#   WORKDIR  scratch folder for the backup and the databases (default /tmp/gbakprof-experiments); never the repo.
#
# Needs root (embedded isql-fb/gbak with -user SYSDBA and no password), Debian's Firebird 3.0 (isql-fb, gbak),
# taskset and dd (coreutils, util-linux). The backups are scripts/fixtures/shop.sql's and sized.sql's databases.
set -euo pipefail

die() { printf 'make-experiments: ERROR: %s\n' "$*" >&2; exit 1; }
say() { printf 'make-experiments: %s\n' "$*" >&2; }

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=$REPO/src/test/resources/experiments
WORKDIR=/tmp/gbakprof-experiments
EXPERIMENTS=()
for arg in "$@"; do
  case $arg in
    hog|cold|warm|stopped) EXPERIMENTS+=("$arg") ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) die "unknown option: $arg (see --help)" ;;
    *) WORKDIR=$arg ;;
  esac
done
((${#EXPERIMENTS[@]})) || die "name an experiment: hog, cold, warm or stopped (see --help)"
[[ $(id -u) == 0 ]] || die "run as root (embedded isql-fb and gbak on local files)"
for c in gbak isql-fb taskset dd; do command -v "$c" >/dev/null || die "$c not found"; done
mkdir -p "$WORKDIR"
WORKDIR=$(cd "$WORKDIR" && pwd)
case $WORKDIR/ in "$REPO"/*) die "WORKDIR $WORKDIR is inside the repository; pick a scratch folder" ;; esac
cd "$WORKDIR"
GBAKPROF=$REPO/gbakprof
CPU=$(($(nproc) - 1))

backup() { # the shop backup, built once
  [[ -f shop.fbk ]] && return
  rm -f shop.fdb
  echo "CREATE DATABASE '$WORKDIR/shop.fdb' PAGE_SIZE 8192 DEFAULT CHARACTER SET UTF8;" | isql-fb -q -user SYSDBA
  isql-fb -q -b -user SYSDBA -i "$REPO/scripts/fixtures/shop.sql" shop.fdb
  gbak -b -user SYSDBA shop.fdb shop.fbk
  rm -f shop.fdb
}

sized() { # the sized backup at 200,000 ORDERS rows, built once
  [[ -f sized.fbk ]] && return
  rm -f sized.fdb
  sed 's/@ORDERS@/200000/g' "$REPO/scripts/fixtures/sized.sql" > sized.sql
  echo "CREATE DATABASE '$WORKDIR/sized.fdb' PAGE_SIZE 8192 DEFAULT CHARACTER SET UTF8;" | isql-fb -q -user SYSDBA
  isql-fb -q -b -user SYSDBA -i sized.sql sized.fdb
  gbak -b -user SYSDBA sized.fdb sized.fbk
  rm -f sized.fdb sized.sql
}

keep() { # keep NAME RUNS_DIR: the run folders, without the databases (never written there)
  local name=$1 runs=$2
  rm -rf "${OUT:?}/$name"
  mkdir -p "$OUT/$name"
  cp -a "$runs"/. "$OUT/$name/"
  say "$name: $(find "$OUT/$name" -name run.json | wc -l) run folders in ${OUT#"$REPO"/}/$name"
}

hog() {
  local runs=$WORKDIR/hog-runs round label hog_pid
  rm -rf "$runs" alone-*.fdb hog-*.fdb
  sized
  for round in 1 2 3 4 5 6 7 8; do
    for label in alone hog; do
      sleep 1
      hog_pid=
      if [[ $label == hog ]]; then
        taskset -c "$CPU" sh -c 'while :; do :; done' &
        hog_pid=$!
      fi
      taskset -c "$CPU" "$GBAKPROF" run --backup sized.fbk --database "$label-$round.fdb" --label "$label" \
        --runs-dir "$runs" > "$label-$round.out" 2>&1 || { [[ -n $hog_pid ]] && kill "$hog_pid"; die "round $round $label failed: $(tail -n 3 "$label-$round.out")"; }
      [[ -n $hog_pid ]] && kill "$hog_pid" && wait "$hog_pid" 2>/dev/null || true
      rm -f "$label-$round.fdb"
      say "hog: round $round $label: $(grep -m1 'total' "$label-$round.out" || true)"
    done
  done
  keep hog "$runs"
}

matrix() { # matrix NAME WARMUP
  local name=$1 warmup=$2 runs=$WORKDIR/$1-out/runs
  rm -rf "$WORKDIR/$name-out" ./"$name"*.fdb
  dd if=shop.fbk iflag=nocache count=0 status=none # drop the backup from the page cache: the first restore is cold
  "$GBAKPROF" matrix --backup shop.fbk --database "$name.fdb" --vary 'gbak:-bu 100,8000' --repeat 3 \
    --warmup "$warmup" --out "$WORKDIR/$name-out" > "$name.out" 2>&1 || die "$name matrix failed: $(tail -n 3 "$name.out")"
  keep "$name" "$runs"
}

stopped() {
  local runs=$WORKDIR/stopped-runs
  rm -rf "$runs" stopped-*.fdb
  backup
  "$GBAKPROF" run --backup shop.fbk --database stopped-1.fdb --label stopped-at-2s --timeout 2s --runs-dir "$runs" \
    > stopped-1.out 2>&1 && die "the restore was not stopped: $(tail -n 3 stopped-1.out)"
  grep -q 'timeout of 2s' stopped-1.out || die "the first restore did not stop at the timeout: $(tail -n 3 stopped-1.out)"
  "$GBAKPROF" run --backup shop.fbk --database stopped-2.fdb --label completed --runs-dir "$runs" > stopped-2.out 2>&1 ||
    die "the complete restore failed: $(tail -n 3 stopped-2.out)"
  rm -f stopped-*.fdb
  keep stopped "$runs"
}

for e in "${EXPERIMENTS[@]}"; do
  case $e in
    hog) hog ;;
    cold) backup; matrix cold 0 ;;
    warm) backup; matrix warm 1 ;;
    stopped) stopped ;;
  esac
done
