#!/usr/bin/env bash
# Fails when a lower layer imports a higher one or a circle of modules appears
# (the rules live in tests/docs/layers.rs; `scripts/test.sh` runs them with every test).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release --quiet --test docs layers::
