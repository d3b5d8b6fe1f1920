#!/usr/bin/env bash
# `make test`: every stage, timed. Installs first (make venv node_modules vendor; Chromium, when
# missing, is installed in the background meanwhile); then two lanes on the two cores:
#   lane 1, in the background: make lint, then make unit, then (once the book is built) make
#     test-lite: the JupyterLite site built, one page run live in it
#   lane 2, in the foreground: make nbval, then make book, then make browser (the browser tests
#     need the book). The notebooks are executed once: nbval writes each as executed into a
#     folder named by MAGICSUB_EXECUTED, and the book build reuses those that match the
#     notebooks and the sources as they are (tools/executed_notebooks.py); alone, `make nbval`
#     and `make book` each execute every notebook as before.
# Each lane's stages run one after the other; every stage runs even when an earlier one failed
# (but browser needs a built book). Lane 1's output is kept and printed when both lanes are
# done. A failing stage (any non-zero exit: a pytest that ran no test exits non-zero too) fails
# the run. At the end: one line per stage with its time and result, and the same record in
# .cache/test-times.json ({"total_s", "stages": {name: seconds or null}, "date", "passed"}),
# timed from the start of this script. Each pytest stage also writes a JUnit report into
# .cache/test-reports/STAGE.xml, and tools/test_times.py prints the ten slowest tests and pages
# (kept in .cache/test-times.md). Exit 1 naming each failed stage.
set -uo pipefail
cd "$(dirname "$0")/.."
STAGES=(install lint unit nbval lite book browser)
RECORD=.cache/test-times.json
REPORTS=.cache/test-reports
started=$(date +%s.%N)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/magicsub-test.XXXXXX")
lane1_pid=
cleanup() { [ -n "$lane1_pid" ] && kill "$lane1_pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

seconds_since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

stage() {  # stage NAME [TARGET...]: run `make TARGET...` (default NAME); record status and time
  local name=$1 start rc
  shift
  start=$(date +%s.%N)
  PYTEST_ADDOPTS="${PYTEST_ADDOPTS:-} --junitxml=$PWD/$REPORTS/$name.xml" \
    make --no-print-directory "${@:-$name}"
  rc=$?
  seconds_since "$start" >"$tmp/$name.time"
  echo "$rc" >"$tmp/$name.rc"
  return "$rc"
}

label() {
  case "$1" in
    install) echo "make venv node_modules vendor" ;;
    lite) echo "make test-lite" ;;
    *) echo "make $1" ;;
  esac
}

summary() {  # one line per stage, the record file; exit status 1 when a stage failed or did not run
  local name rc time failed=() json="" total
  total=$(seconds_since "$started")
  echo "----- make test: stage times (lane 1: lint, unit, lite | lane 2: nbval, book, browser) -----"
  for name in "${STAGES[@]}"; do
    rc=$(cat "$tmp/$name.rc" 2>/dev/null || echo "not run")
    time=$(cat "$tmp/$name.time" 2>/dev/null || echo null)
    case "$rc" in
      0) printf '%-8s %7s s  passed\n' "$name" "$time" ;;
      "not run") printf '%-8s %7s    not run\n' "$name" "-"; failed+=("$(label "$name") (not run)") ;;
      *) printf '%-8s %7s s  FAILED (exit %s)\n' "$name" "$time" "$rc"; failed+=("$(label "$name")") ;;
    esac
    json+="${json:+, }\"$name\": $time"
  done
  printf '%-8s %7s s\n' total "$total"
  mkdir -p "$(dirname "$RECORD")"
  printf '{"total_s": %s, "stages": {%s}, "date": "%s", "passed": %s}\n' "$total" "$json" \
    "$(date +%F)" "$([ ${#failed[@]} -eq 0 ] && echo true || echo false)" >"$RECORD"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]}" >&2
    return 1
  fi
  echo "lint, unit, nbval, lite, book and browser stages passed"
}

rm -rf "$REPORTS"
tools/chromium.sh start
if ! stage install venv node_modules vendor; then
  summary
  exit 1
fi

(
  stage lint
  stage unit
  while [ ! -e "$tmp/book.rc" ]; do sleep 2; done   # the lite test starts from a book page
  stage lite test-lite
) >"$tmp/lane1.log" 2>&1 &
lane1_pid=$!

export MAGICSUB_EXECUTED="$tmp/executed"   # lane 2 only (lane 1's tests start their own nbval)
stage nbval
stage book && stage browser
wait "$lane1_pid"
lane1_pid=
echo "----- make lint, make unit, then make test-lite (alongside make nbval, make book and make browser) -----"
cat "$tmp/lane1.log"
if [ -x .venv/bin/python ] && [ -f tools/test_times.py ]; then
  echo "----- where the time went (JUnit reports in $REPORTS) -----"
  .venv/bin/python tools/test_times.py || true
fi
summary
