#!/usr/bin/env bash
# The whole test suite: install what is missing, then every unit, integration,
# corpus and CLI test (release build: HiGHS is compiled once, optimised).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
# Lints and formatting first, where the toolchain has them.
if cargo clippy --version >/dev/null 2>&1; then
  cargo clippy --release --all-targets --quiet -- -D warnings
fi
if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --check
fi
# Doc comments: every link resolves, and rustdoc's other lints pass (code
# blocks that do not parse, bare URLs, stray HTML tags), private items too,
# where most of the why is written. In release, so that the build scripts
# (HiGHS's C++ among them) are the ones the tests build: about 15 s more.
if rustdoc --version >/dev/null 2>&1; then
  RUSTDOCFLAGS="-D warnings" cargo doc --release --no-deps --document-private-items --quiet
fi
cargo test --release "$@"
# The web page in headless Chromium (installs chromium through apt-get when missing).
bash tests/e2e/run.sh
