#!/usr/bin/env bash
# Benchmark of `cotside calc --batch` (issue 4): lines per second and peak memory on
# 1,000,000 growth lines and 1,000,000 mixed-tool lines, and the same growth inputs through
# pygrowup (the usual Python WHO z-score package) for the speed ratio.
# Builds nothing: `make bench` builds release first and passes the binary in $COTSIDE_BIN.
#
#   COTSIDE_BIN=.build/release/cotside scripts/bench/calc-batch.sh
#
# Environment: LINES (default 1000000), PY_LINES (growth lines given to Python, default
# 100000; its rate is per line so a subset is fair), BENCH_DIR (scratch, default a temp dir).
set -euo pipefail

: "${COTSIDE_BIN:?set COTSIDE_BIN to the release cotside binary}"
LINES=${LINES:-1000000}
PY_LINES=${PY_LINES:-100000}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/cotside-calc-bench.XXXXXX")}
mkdir -p "$WORK"
trap '[ -z "${BENCH_DIR:-}" ] && rm -rf "$WORK"' EXIT

if [ ! -x /usr/bin/time ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get install -y -qq time >/dev/null || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
    else
        echo "calc-batch.sh: /usr/bin/time is missing; run: sudo apt-get install -y time" >&2
        exit 1
    fi
fi

now() { date +%s.%N; }

# run_batch NAME FILE: times one batch run; prints lines/s and peak RSS; checks one answer per line.
run_batch() {
    local name=$1 file=$2 lines start end answered rss rate
    lines=$(grep -c . "$file")
    start=$(now)
    /usr/bin/time -v -o "$WORK/time-$name.txt" "$COTSIDE_BIN" calc --batch < "$file" > "$WORK/out-$name.jsonl"
    end=$(now)
    answered=$(wc -l < "$WORK/out-$name.jsonl")
    if [ "$answered" -ne "$lines" ]; then
        echo "calc-batch.sh: $name: $lines lines in, $answered answers out" >&2
        exit 1
    fi
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time-$name.txt")
    # CPU seconds and share: on a shared machine wall-clock rates understate the program.
    cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$WORK/time-$name.txt")
    share=$(awk -F': ' '/Percent of CPU/ {print $2}' "$WORK/time-$name.txt")
    rate=$(awk -v n="$lines" -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", n / (e - s) }')
    printf '%-28s %9d lines  %7.3f s  %9d lines/s  peak RSS %6.1f MiB  (ok: %d)\n' \
        "$name" "$lines" "$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')" "$rate" \
        "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" "$(grep -c '"ok":true' "$WORK/out-$name.jsonl" || true)"
    printf '%-28s %9s        CPU %.2f s (%s of one core), %d lines per CPU-second\n' "" "" "$cpu" "$share" \
        "$(awk -v n="$lines" -v c="$cpu" 'BEGIN { printf "%.0f", n / c }')"
    eval "RATE_${name//[^a-zA-Z0-9]/_}=$rate"
}

if "$COTSIDE_BIN" calc --list | grep -Eq '^[[:space:]]+growth[[:space:]]'; then
    GROWTH_KIND=growth
else
    GROWTH_KIND=bsa
    echo "note: this cotside has no growth tool yet; the growth runs use bsa lines as a stand-in" >&2
fi

echo "generating $LINES $GROWTH_KIND lines and $LINES mixed lines in $WORK" >&2
python3 "$HERE/gen_calc_lines.py" "$GROWTH_KIND" "$LINES" > "$WORK/growth.jsonl"
python3 "$HERE/gen_calc_lines.py" mixed "$LINES" > "$WORK/mixed.jsonl"
head -n $((LINES / 10)) "$WORK/growth.jsonl" > "$WORK/growth-tenth.jsonl"

echo "cotside calc --batch ($(nproc) cores):"
run_batch "growth_tenth" "$WORK/growth-tenth.jsonl"
run_batch "growth" "$WORK/growth.jsonl"
run_batch "mixed" "$WORK/mixed.jsonl"
echo "(memory is flat when the peak RSS of growth is close to that of growth_tenth)"

# Python reference: pygrowup 0.8.2 does not build on Python 3; pygrowup2 is its Python 3 port
# (same WHO tables and algorithm). Installed in a cached virtualenv; dev-time only.
VENV=${XDG_CACHE_HOME:-$HOME/.cache}/cotside-bench/venv
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import pygrowup' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q pygrowup2
fi
if [ "$GROWTH_KIND" = growth ]; then
    PY_FILE=$WORK/growth.jsonl
else
    python3 "$HERE/gen_calc_lines.py" growth "$PY_LINES" > "$WORK/growth-for-python.jsonl"
    PY_FILE=$WORK/growth-for-python.jsonl
fi
read -r py_lines py_seconds < <(head -n "$PY_LINES" "$PY_FILE" | "$VENV/bin/python" "$HERE/pygrowup_zscores.py" 2>&1 >/dev/null | tail -1)
py_rate=$(awk -v n="$py_lines" -v s="$py_seconds" 'BEGIN { printf "%.0f", n / s }')
printf '%-28s %9d lines  %7.3f s  %9d lines/s\n' "python pygrowup (growth)" "$py_lines" "$py_seconds" "$py_rate"
ratio=$(awk -v a="$RATE_growth" -v b="$py_rate" 'BEGIN { printf "%.1f", a / b }')
echo "ratio cotside/python on growth: ${ratio}x (target >= 20x; cotside target >= 500000 growth lines/s)"
[ "$GROWTH_KIND" = growth ] || echo "note: the ratio compares bsa lines in cotside with growth lines in Python until growth lands" >&2
