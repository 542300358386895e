#!/usr/bin/env bash
# Runs every test (XCTest, then Swift Testing) and ends with one true closing line:
# "N passed, F failed" (", S skipped" when any were), counted from both runners' summaries.
# Swift Testing's own last line ("Test run with 0 tests … passed") would otherwise be the last
# word, saying that no test ran. Exit status: swift test's.
set -uo pipefail
swift_bin="${1:-swift}"
shift || true  # the rest goes to swift test (e.g. --filter X)
log="$(mktemp "${TMPDIR:-/tmp}/cotside-test.XXXXXX")"
trap 'rm -f "$log"' EXIT
# Line-buffered (stdbuf), so a log cut short by a CI deadline still names the test running.
stdbuf -oL -eL "$swift_bin" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# XCTest: the last "Executed N tests, with [S tests skipped and] F failures" is the whole run.
xc_line="$(grep -E '^[[:space:]]*Executed [0-9]+ tests?, with' "$log" | tail -n 1)"
xc_total=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$xc_line")
xc_skipped=$(sed -nE 's/.* ([0-9]+) tests? skipped.*/\1/p' <<<"$xc_line")
xc_failed=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$xc_line")
# Swift Testing: "Test run with N tests in M suites passed|failed … [with K issues]".
st_line="$(grep -E 'Test run with [0-9]+ tests?' "$log" | tail -n 1)"
st_total=$(sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p' <<<"$st_line")
st_failed=0
if grep -q 'failed' <<<"$st_line"; then st_failed=$(grep -cE '^✘ Test .* failed' "$log" || true); fi

total=$(( ${xc_total:-0} + ${st_total:-0} ))
skipped=${xc_skipped:-0}
failed=$(( ${xc_failed:-0} + st_failed ))
passed=$(( total - skipped - failed ))
if [ -z "$xc_line" ] && [ -z "$st_line" ]; then
    echo "no test summary found: the tests did not run to the end (swift test exited $status)"
    exit $(( status == 0 ? 1 : status ))
fi
summary="$passed passed, $failed failed"
if [ "$skipped" -gt 0 ]; then summary="$summary, $skipped skipped"; fi
echo "$summary"
exit "$status"
