#!/usr/bin/env bash
# (Copied from /work/shared/tools/windows-under-wine/; changed to put the shim
# beside the crate's executables too, which the integration tests run.)
# Cargo runner for x86_64-pc-windows-gnu: puts the ProcessPrng shim beside the binary, runs it under wine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); shim=${WINE_SHIM_DIR:-$here/out}/bcryptprimitives.dll
[ -f "$shim" ] || "$here/setup.sh" >/dev/null
dir=$(dirname "$1")
cp -n "$shim" "$dir/" 2>/dev/null || true
# a test binary lives in deps/, and the executables it runs one level up
[ "$(basename "$dir")" != deps ] || cp -n "$shim" "$dir/../" 2>/dev/null || true
export WINEDEBUG=${WINEDEBUG:--all} WINEPREFIX=${WINEPREFIX:-${TMPDIR:-/tmp}/tudoku-wine-prefix}
exec wine "$@"
