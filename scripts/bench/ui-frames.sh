#!/usr/bin/env bash
# First-frame benchmark (issues 3 and 6): `cotside snapshot dashboard`, `snapshot medications` (the
# drug round), `snapshot history` and `cotside due --json` on a demo
# ward of 40 cots × 730 days and on one scaled to about a million events. Reports the median of
# RUNS whole-process runs (process start, database open, queries, render) and peak RSS.
# Also reports the median CPU time (user + system) of the same runs: on a loaded machine the wall
# time is mostly waiting for a core, while the CPU time is what the process itself costs.
# Builds nothing: `make bench` passes the release binary in $COTSIDE_BIN.
#
#   COTSIDE_BIN=.build/release/cotside scripts/bench/ui-frames.sh
#
# Environment: RUNS (default 21), BENCH_DIR (keeps the demo databases between runs), WARDS
# (cots:days pairs, default "40:730 174:730").
set -euo pipefail
: "${COTSIDE_BIN:?set COTSIDE_BIN to the release cotside binary}"
RUNS=${RUNS:-21}
WORK=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/cotside-ui-bench.XXXXXX")}
mkdir -p "$WORK"
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/config" XDG_STATE_HOME="$WORK/home/state"
export COTSIDE_NOW=2026-11-21T14:05:00Z LANG=C.UTF-8 TZ=UTC

. "$(dirname "$0")/timing.sh"

median_ms() { # command... → "median wall ms / median CPU ms" over $RUNS runs
    local wall cpu
    read -r wall cpu <<<"$(median_wall_cpu "$@")"
    printf '%8s ms  cpu %6s' "$wall" "$cpu"
}

peak_mb() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.1f", $1/1024}'; }

once_ms() { # command... → wall ms of one run (the first start after a bulk write cannot be repeated)
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    printf '%8s ms' "$(( (end - start) / 1000000 ))"
}

# The first start after a bulk write (issue 16): a fresh demo, then `due --json` and the Dashboard's
# first frame in new processes. Before the demo folded its write-ahead log into the file, the
# first starts replayed a 167 MB log (~290 ms for due --json instead of ~25 ms).
fresh_spec=${FRESH_WARD:-40:730}
fresh_cots=${fresh_spec%%:*}; fresh_days=${fresh_spec##*:}
fresh="$WORK/fresh-$fresh_cots-$fresh_days.sqlite"
rm -f "$fresh" "$fresh-wal" "$fresh-shm"
echo "generating a fresh demo ward: $fresh_cots cots × $fresh_days days ..." >&2
"$COTSIDE_BIN" demo --db "$fresh" --cots "$fresh_cots" --days "$fresh_days" --seed 1 >&2
echo "== first starts after a bulk write ($fresh_cots cots × $fresh_days days; -wal left $(stat -c %s "$fresh-wal" 2>/dev/null || echo 0) bytes)"
printf '  %-34s %s   (one run: the first start after the demo)\n' "due --json, first start" "$(once_ms "$COTSIDE_BIN" due --json --db "$fresh")"
printf '  %-34s %s   (one run)\n' "snapshot dashboard, second start" "$(once_ms "$COTSIDE_BIN" snapshot dashboard --db "$fresh" --size 120x40)"
printf '  %-34s median %s ms   target: as on a tidy file\n' "due --json, later starts" "$(median_ms "$COTSIDE_BIN" due --json --db "$fresh")"

for spec in ${WARDS:-40:730 174:730}; do
    cots=${spec%%:*}; days=${spec##*:}
    db="$WORK/demo-$cots-$days.sqlite"
    if [ ! -f "$db" ]; then
        echo "generating demo ward: $cots cots × $days days ..." >&2
        "$COTSIDE_BIN" demo --db "$db" --cots "$cots" --days "$days" --seed 1 >&2
    fi
    events=$(sqlite3 "$db" "SELECT count(*) FROM nappy_change" 2>/dev/null || echo "?")
    echo "== $cots cots × $days days ($events nappy events), load average $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '  %-34s median %s ms   peak %6s MB   target ≤ 100 ms, ≤ 60 MB\n' "snapshot dashboard (first frame)" \
        "$(median_ms "$COTSIDE_BIN" snapshot dashboard --db "$db" --size 120x40)" \
        "$(peak_mb "$COTSIDE_BIN" snapshot dashboard --db "$db" --size 120x40)"
    printf '  %-34s median %s ms   peak %6s MB   target ≤ 100 ms\n' "snapshot medications (drug round)" \
        "$(median_ms "$COTSIDE_BIN" snapshot medications --db "$db" --size 120x40)" \
        "$(peak_mb "$COTSIDE_BIN" snapshot medications --db "$db" --size 120x40)"
    printf '  %-34s median %s ms   peak %6s MB\n' "snapshot history (first page)" \
        "$(median_ms "$COTSIDE_BIN" snapshot history --db "$db" --size 120x40)" \
        "$(peak_mb "$COTSIDE_BIN" snapshot history --db "$db" --size 120x40)"
    printf '  %-34s median %s ms   target ≤ 50 ms\n' "due --json (drug round as JSON)" \
        "$(median_ms "$COTSIDE_BIN" due --json --db "$db")"
    printf '  %-34s median %s ms\n' "process start only (--version)" "$(median_ms "$COTSIDE_BIN" --version)"
done
