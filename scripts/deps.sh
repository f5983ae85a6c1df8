#!/usr/bin/env bash
# Installs what building `queens` needs on Debian/Ubuntu, only where it is missing:
# cmake and libclang-dev (HiGHS is built from source through cmake and bindgen),
# a C++ compiler, and a Rust toolchain (rustup) when cargo is absent.
set -euo pipefail

need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v c++ >/dev/null 2>&1 || need+=(g++)
# bindgen loads libclang and clang's own headers at build time; libclang-dev brings both
# (a new machine may have libclang-cpp alone, which is not enough).
if command -v dpkg >/dev/null 2>&1; then
  dpkg -s libclang-dev >/dev/null 2>&1 || need+=(libclang-dev)
elif ! ls /usr/lib/llvm-*/lib/libclang.so* >/dev/null 2>&1; then
  need+=(libclang-dev)
fi
command -v curl >/dev/null 2>&1 || command -v cargo >/dev/null 2>&1 || need+=(curl ca-certificates)

if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  else
    echo "installing the Rust toolchain with rustup" >&2
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal -c clippy -c rustfmt >&2
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
fi
