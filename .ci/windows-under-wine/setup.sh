#!/usr/bin/env bash
# (Copied from the project's shared tools, /work/shared/tools/windows-under-wine/,
# so that CI does not depend on them; changed only to run apt-get update when
# the install fails on a fresh machine, and to use sudo when not root.)
# Makes this Linux machine able to build tudoku for Windows and run the .exe under wine:
#   ./setup.sh            installs mingw-w64 and wine (apt), adds the Rust target, builds the shim below
#   then: cargo build --target x86_64-pc-windows-gnu; cp OUT/bcryptprimitives.dll next to the .exe; wine X.exe
# For `cargo test --target x86_64-pc-windows-gnu`, set
#   CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER="$PWD/wine-run.sh"
# which copies the shim beside each test binary before running it under wine.
# Why the shim: Rust's std (1.78+) draws random numbers through ProcessPrng in bcryptprimitives.dll, which
# wine 8 (Debian 12) lacks; the shim forwards it to BCryptGenRandom. Real Windows has the DLL itself.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=; [ "$(id -u)" = 0 ] || root=sudo
install() { $root apt-get -o DPkg::Lock::Timeout=300 install -y gcc-mingw-w64-x86-64 wine64 >/dev/null; }
command -v x86_64-w64-mingw32-gcc >/dev/null && command -v wine >/dev/null || \
  install || { $root apt-get -o DPkg::Lock::Timeout=300 update >/dev/null && install; }
rustup target add x86_64-pc-windows-gnu >/dev/null
out=${WINE_SHIM_DIR:-$here/out}; mkdir -p "$out"
x86_64-w64-mingw32-gcc -shared -O2 -o "$out/bcryptprimitives.dll" "$here/bcryptprimitives.c" "$here/bcryptprimitives.def" -lbcrypt
echo "$out/bcryptprimitives.dll"
