#!/usr/bin/env bash
# The whole test suite: install what is missing, then every unit, integration,
# corpus and CLI test (release build: HiGHS is compiled once, optimised).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
cargo test --release "$@"
# The web page in headless Chromium (installs chromium through apt-get when missing).
bash tests/e2e/run.sh
