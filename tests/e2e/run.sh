#!/usr/bin/env bash
# End-to-end test of `queens serve` in headless Chromium (Debian's `chromium`,
# driven by playwright-core; no browser is downloaded). Installs chromium through
# apt-get when it is missing, builds the release binary, starts the server on a
# free loopback port, runs e2e.mjs against it, and stops the server.
# Ends with `e2e: N passed, M failed` on its own line; exits non-zero on failure.
# E2E_SHOTS=DIR also saves screenshots of the page at each stage, at 1280x800 and
# 390x844. The played screenshots come from ../shared/corpus beside the project:
# without it their checks are skipped (on CI it must be there). The binary is taken
# from $CARGO_TARGET_DIR (default target/).
set -euo pipefail
cd "$(dirname "$0")/../.."

server_pid=""
work="$(mktemp -d)"
reported=""
finish() {
  rc=$?
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  if [ -z "$reported" ]; then
    # Failed before the browser checks ran: still leave a result line for CI.
    echo "e2e: 0 passed, 1 failed"
    [ "$rc" -ne 0 ] || rc=1
  fi
  exit "$rc"
}
trap finish EXIT

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
apt_install() {
  echo "e2e: installing $*" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "$@" >/dev/null
}
chromium="${CHROMIUM:-/usr/bin/chromium}"
[ -x "$chromium" ] || apt_install chromium
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || apt_install nodejs npm

(
  cd tests/e2e
  if [ -f package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
  else
    npm install --no-audit --no-fund --loglevel=error
  fi
) >&2

cargo build --release --bin queens >&2
bin="${CARGO_TARGET_DIR:-target}/release/queens"

# Port 0: the server picks a free port and prints the address it got.
"$bin" serve --host 127.0.0.1 --port 0 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
base=""
for _ in $(seq 1 100); do
  base="$(sed -n 's/^queens: serving on \(http:[^ ]*\)$/\1/p' "$work/server.out")"
  [ -n "$base" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "e2e: the server exited early:" >&2
    cat "$work/server.err" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$base" ]; then
  echo "e2e: the server did not print its address" >&2
  exit 1
fi
healthy=""
for _ in $(seq 1 100); do
  if node -e 'fetch(process.argv[1]).then(r => r.json()).then(j => process.exit(j.ok ? 0 : 1), () => process.exit(1))' \
    "$base/api/health"; then
    healthy=1
    break
  fi
  sleep 0.1
done
if [ -z "$healthy" ]; then
  echo "e2e: $base/api/health never answered" >&2
  exit 1
fi
echo "e2e: server at $base" >&2

# The played screenshots come from the corpus beside the project (../shared). A
# lone clone has none: their checks are skipped with a message, except on CI,
# where the corpus must be there.
corpus="../shared/corpus"
if [ ! -d "$corpus/played" ] || [ ! -d "$corpus/starbattle-played" ]; then
  echo "e2e: THE CORPUS IS MISSING: $corpus/played or $corpus/starbattle-played not found" >&2
  if [ "${CI:-}" = "true" ] && [ "${E2E_NO_CORPUS:-}" != "1" ]; then
    echo "e2e: CI needs the corpus beside the project" >&2
    exit 1
  fi
  echo "e2e: going on without it: the screenshot checks are skipped" >&2
  corpus=""
fi

reported=1
CHROMIUM="$chromium" node tests/e2e/e2e.mjs "$base" samples/issue-9x9-played.txt $corpus
