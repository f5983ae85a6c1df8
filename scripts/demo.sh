#!/usr/bin/env bash
# The main job on the bundled samples: install what is missing, build, solve
# every screenshot and text puzzle in samples/, overlays into ./solved.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
cargo build --release --quiet
exec ./target/release/queens solve samples/ "$@"
