#!/usr/bin/env bash
# Run two make targets at the same time: the first in the background (its output kept and
# printed when both are done), the second in the foreground. Exit 1 naming each that failed.
# `make test` pairs stages that use different resources (two cores; one Jupyter kernel at a
# time, since kernels started side by side can race for the same TCP ports).
#   tools/side_by_side.sh BACKGROUND_TARGET FOREGROUND_TARGET
set -uo pipefail
back=$1 fore=$2
log=$(mktemp "${TMPDIR:-/tmp}/magicsub-$back.XXXXXX")
trap 'rm -f "$log"' EXIT
make --no-print-directory "$back" >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -f "$log"' INT TERM
make --no-print-directory "$fore"
fore_rc=$?
wait "$pid"
back_rc=$?
echo "----- make $back (ran alongside make $fore) -----"
cat "$log"
failed=()
[ "$back_rc" -eq 0 ] || failed+=("make $back (exit $back_rc)")
[ "$fore_rc" -eq 0 ] || failed+=("make $fore (exit $fore_rc)")
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}" >&2
  exit 1
fi
