#!/usr/bin/env bash
# The same ward on its SQLite file and on a PostgreSQL server, side by side (issue 19): a demo
# ward of 40 cots × 730 days is made in a file, moved to the server with `cotside migrate`, and
# each engine is timed in fresh processes — the Dashboard's first frame, History's first page
# (`snapshot history`) and `cotside due --json` — with the median wall and CPU time of RUNS runs,
# and the server/file ratio. Targets: first Dashboard frame ≤ 2× the file's, `due --json` ≤ 100 ms.
# The in-process History page (≤ 10 ms) is `cotside-bench pages --db URL` (Benchmarks/PageBenchmarks.swift).
#
#   COTSIDE_BIN=.build/release/cotside COTSIDE_BENCH_POSTGRES_URL=postgres://… scripts/bench/server-vs-file.sh
#
# Without a server URL (COTSIDE_BENCH_POSTGRES_URL, else COTSIDE_TEST_POSTGRES_URL) it says so
# and stops; `make bench` starts a throwaway server for it (scripts/postgres-test-server).
set -euo pipefail
: "${COTSIDE_BIN:?set COTSIDE_BIN to the release cotside binary}"
URL=${COTSIDE_BENCH_POSTGRES_URL:-${COTSIDE_TEST_POSTGRES_URL:-}}
if [ -z "$URL" ]; then
    echo "server-vs-file: no PostgreSQL server named (COTSIDE_BENCH_POSTGRES_URL); skipped"
    exit 0
fi
RUNS=${RUNS:-11}
SPEC=${WARD:-40:730}
cots=${SPEC%%:*}; days=${SPEC##*:}
WORK=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/cotside-server-bench.XXXXXX")}
mkdir -p "$WORK"
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/config" XDG_STATE_HOME="$WORK/home/state"
export COTSIDE_NOW=2026-11-21T14:05:00Z LANG=C.UTF-8 TZ=UTC

. "$(dirname "$0")/timing.sh"

file="$WORK/demo-$cots-$days.sqlite"
ward="bench_$$"
server="$URL$( [[ "$URL" == *\?* ]] && echo '&' || echo '?' )ward=$ward"
if [ ! -f "$file" ]; then
    echo "generating demo ward: $cots cots × $days days ..." >&2
    "$COTSIDE_BIN" demo --db "$file" --cots "$cots" --days "$days" --seed 1 >&2
fi
start=$(date +%s%N)
"$COTSIDE_BIN" migrate --from "$file" --to "$server" > "$WORK/migrate.txt"
moved_ms=$(( ($(date +%s%N) - start) / 1000000 ))
rows=$(awk '{s += $2} END {print s}' "$WORK/migrate.txt")
echo "== $cots cots × $days days: moved to the server in $moved_ms ms ($rows rows, every table's checksum equal), load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '  %-30s %22s %22s %8s   %s\n' "(median of $RUNS fresh processes)" "file: wall / cpu ms" "server: wall / cpu ms" "ratio" "target"
row() { # label target command-args...
    local label=$1 target=$2; shift 2
    read -r fw fc <<<"$(median_wall_cpu "$COTSIDE_BIN" "$@" --db "$file")"
    read -r sw sc <<<"$(median_wall_cpu "$COTSIDE_BIN" "$@" --db "$server")"
    printf '  %-30s %12s / %7s %12s / %7s %7.2f×   %s\n' "$label" "$fw" "$fc" "$sw" "$sc" "$(awk -v a="$sw" -v b="$fw" 'BEGIN {print a / b}')" "$target"
}
row "snapshot dashboard (first frame)" "server ≤ 2× file" snapshot dashboard --size 120x40
row "snapshot history (first page)" "" snapshot history --size 120x40
row "due --json" "server ≤ 100 ms" due --json
if [ -x "${COTSIDE_BENCH_BIN:-}" ]; then
    echo "== History page in one process (store opened once; median of 31)"
    "$COTSIDE_BENCH_BIN" pages --db "$file"
    "$COTSIDE_BENCH_BIN" pages --db "$server"
fi
