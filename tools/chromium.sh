#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright cannot download its own browsers here).
#   tools/chromium.sh start   begin installing it in the background when it is missing
#   tools/chromium.sh wait    make sure it is there: wait for the background install, or install
#                             it now; as a non-root user, say what to run instead and fail
# The background install lets `make test` fetch Chromium while the earlier stages run.
set -euo pipefail
CHROMIUM=/usr/bin/chromium
STATE=${TMPDIR:-/tmp}/magicsub-chromium-install
mode=${1:-wait}

install() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium
}

can_install() { [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; }

[ -x "$CHROMIUM" ] && exit 0
case "$mode" in
  start)
    running=false
    [ -e "$STATE.pid" ] && kill -0 "$(cat "$STATE.pid" 2>/dev/null)" 2>/dev/null && running=true
    if can_install && ! $running; then
      echo "Installing Debian's chromium in the background (log: $STATE.log) ..."
      ( install >"$STATE.log" 2>&1; echo $? >"$STATE.rc"; rm -f "$STATE.pid" ) &
      echo $! >"$STATE.pid"
    fi
    ;;
  wait)
    if [ -e "$STATE.pid" ]; then
      echo "Waiting for the chromium install to finish ..."
      while [ -e "$STATE.pid" ] && kill -0 "$(cat "$STATE.pid" 2>/dev/null)" 2>/dev/null; do
        sleep 1
      done
      rm -f "$STATE.pid"
    fi
    if [ ! -x "$CHROMIUM" ]; then
      if can_install; then
        echo "Installing Debian's chromium (apt-get) ..."
        install >"$STATE.log" 2>&1 || { tail -20 "$STATE.log" >&2; exit 1; }
      else
        echo "The browser tests need Chromium at $CHROMIUM: run 'sudo apt-get install chromium'" \
             "(Debian/Ubuntu), then 'make test' again." >&2
        exit 1
      fi
    fi
    [ -x "$CHROMIUM" ] || { echo "chromium did not install; see $STATE.log" >&2; exit 1; }
    ;;
  *) echo "usage: tools/chromium.sh start|wait" >&2; exit 2 ;;
esac
