#!/usr/bin/env bash
# Runs every test (XCTest, then Swift Testing) and ends with one true closing line:
# "N passed, F failed" (", S skipped" when any were), counted from both runners' summaries.
# Swift Testing's own last line ("Test run with 0 tests … passed") would otherwise be the last
# word, saying that no test ran. When a PostgreSQL test server is named
# (COTSIDE_TEST_POSTGRES_URL), the store's tests (every WardStoreTestCase) run a second time with
# the store on it (COTSIDE_TEST_STORE_ENGINE=postgres), and the line counts both passes.
# Exit status: the first failing pass's, else 0.
set -uo pipefail
swift_bin="${1:-swift}"
shift || true  # the rest goes to swift test (e.g. --filter X)
here="$(cd "$(dirname "$0")/.." && pwd)"
log="$(mktemp "${TMPDIR:-/tmp}/cotside-test.XXXXXX")"
server_log="$(mktemp "${TMPDIR:-/tmp}/cotside-test-pg.XXXXXX")"
trap 'rm -f "$log" "$server_log"' EXIT

total=0; skipped=0; failed=0; ran=0

# Adds one pass's counts (from its log) to the totals.
count() {
    local file="$1" xc_line st_line xc_total xc_skipped xc_failed st_total st_failed
    # XCTest: the last "Executed N tests, with [S tests skipped and] F failures" is the whole run.
    xc_line="$(grep -E '^[[:space:]]*Executed [0-9]+ tests?, with' "$file" | tail -n 1)"
    xc_total=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$xc_line")
    xc_skipped=$(sed -nE 's/.* ([0-9]+) tests? skipped.*/\1/p' <<<"$xc_line")
    xc_failed=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$xc_line")
    # Swift Testing: "Test run with N tests in M suites passed|failed … [with K issues]".
    st_line="$(grep -E 'Test run with [0-9]+ tests?' "$file" | tail -n 1)"
    st_total=$(sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p' <<<"$st_line")
    st_failed=0
    if grep -q 'failed' <<<"$st_line"; then st_failed=$(grep -cE '^✘ Test .* failed' "$file" || true); fi
    if [ -n "$xc_line" ] || [ -n "$st_line" ]; then ran=$(( ran + 1 )); fi
    total=$(( total + ${xc_total:-0} + ${st_total:-0} ))
    skipped=$(( skipped + ${xc_skipped:-0} ))
    failed=$(( failed + ${xc_failed:-0} + st_failed ))
}

# Line-buffered (stdbuf), so a log cut short by a CI deadline still names the test running.
stdbuf -oL -eL "$swift_bin" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count "$log"
passes=1

if [ -n "${COTSIDE_TEST_POSTGRES_URL:-}" ] && [ $# -eq 0 ]; then
    # Every class deriving from WardStoreTestCase, as one --filter.
    classes="$(grep -hoE 'class [A-Za-z0-9_]+: WardStoreTestCase' "$here"/Tests/WardStoreTests/*.swift \
        | awk '{print $2}' | tr -d ':' | sort -u | paste -sd '|')"
    echo "== the store's tests again, on PostgreSQL (COTSIDE_TEST_STORE_ENGINE=postgres)"
    COTSIDE_TEST_STORE_ENGINE=postgres stdbuf -oL -eL "$swift_bin" test --skip-build --filter "WardStoreTests\.($classes)/" 2>&1 | tee "$server_log"
    server_status=${PIPESTATUS[0]}
    count "$server_log"
    passes=2
    if [ "$status" -eq 0 ]; then status=$server_status; fi
fi

if [ "$ran" -lt "$passes" ]; then
    echo "no test summary found: the tests did not run to the end (swift test exited $status)"
    exit $(( status == 0 ? 1 : status ))
fi
passed=$(( total - skipped - failed ))
summary="$passed passed, $failed failed"
if [ "$skipped" -gt 0 ]; then summary="$summary, $skipped skipped"; fi
if [ "$passes" -eq 2 ]; then summary="$summary (the store's tests on both engines)"; fi
echo "$summary"
exit "$status"
