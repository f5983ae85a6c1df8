#!/usr/bin/env bash
# The README's pictures, made by the program itself: the overlay `queens solve`
# draws on a sample screenshot, the hint picture of the played Star Battle sample, and the web page's live board (`queens serve`) with a hint on
# the half-played sample, in headless Chromium at 1280×800 and 390×844 (playwright-core from
# tests/e2e, installed there by `bash tests/e2e/run.sh`, or from the folder
# PLAYWRIGHT_FROM names). Writes docs/pictures/.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/queens"
out=docs/pictures
mkdir -p "$out"
"$bin" solve -q --color never samples/phone-dark-played.png -o "$out" >/dev/null
"$bin" hint -q --color never --reveal reason samples/starbattle-played.png -o "$out" >/dev/null
log="$(mktemp)"
"$bin" serve --host 127.0.0.1 --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
base=""
for _ in $(seq 1 100); do
  base="$(sed -n 's/^queens: serving on \(http:[^ ]*\)$/\1/p' "$log")"
  [ -n "$base" ] && break
  sleep 0.1
done
node scripts/docs-pictures.mjs "$base" samples/issue-9x9-played.png "$out"
echo "wrote $out/phone-dark-played.solved.png, $out/starbattle-played.hint.png, $out/page-hint.png and $out/page-phone.png"
