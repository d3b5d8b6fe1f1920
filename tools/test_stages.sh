#!/usr/bin/env bash
# The test stages after lint, in two lanes on the two cores (`make test` calls this):
#   lane 1, in the background: make unit, then make nbval
#   lane 2, in the foreground: make book, then make browser (the browser tests need the book)
# nbval waits until the book build is over: one Jupyter kernel at a time, since kernels started
# side by side can race for the same TCP ports (nbval then waits on a kernel that died).
# Lane 1's output is kept and printed when both lanes are done. Exit 1 naming each failed stage.
set -uo pipefail
tmp=$(mktemp -d "${TMPDIR:-/tmp}/magicsub-test.XXXXXX")
lane1_pid=
cleanup() { [ -n "$lane1_pid" ] && kill "$lane1_pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

stage() {  # stage NAME: run `make NAME`, record its exit status in $tmp/NAME.rc
  make --no-print-directory "$1"
  local rc=$?
  echo "$rc" >"$tmp/$1.rc"
  return "$rc"
}

(
  stage unit
  while [ ! -e "$tmp/book.rc" ]; do sleep 1; done
  stage nbval
) >"$tmp/lane1.log" 2>&1 &
lane1_pid=$!

stage book && stage browser
[ -e "$tmp/book.rc" ] || echo 1 >"$tmp/book.rc"
wait "$lane1_pid"
lane1_pid=
echo "----- make unit, then make nbval (ran alongside make book and make browser) -----"
cat "$tmp/lane1.log"

failed=()
for name in unit book nbval browser; do
  rc=$(cat "$tmp/$name.rc" 2>/dev/null || echo "not run")
  [ "$rc" = 0 ] || failed+=("make $name ($rc)")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "unit, nbval, book and browser stages passed"
