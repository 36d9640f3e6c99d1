#!/usr/bin/env bash
# (Copied from /work/shared/tools/windows-under-wine/; changed to put the shim
# beside the crate's executables too, which the integration tests run, and to
# run a test binary again when wine itself failed to start a process.)
# Cargo runner for x86_64-pc-windows-gnu: puts the ProcessPrng shim beside the binary, runs it under wine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); shim=${WINE_SHIM_DIR:-$here/out}/bcryptprimitives.dll
[ -f "$shim" ] || "$here/setup.sh" >/dev/null
dir=$(dirname "$1")
cp -n "$shim" "$dir/" 2>/dev/null || true
# a test binary lives in deps/, and the executables it runs one level up
[ "$(basename "$dir")" != deps ] || cp -n "$shim" "$dir/../" 2>/dev/null || true
export WINEDEBUG=${WINEDEBUG:--all} WINEPREFIX=${WINEPREFIX:-${TMPDIR:-/tmp}/tudoku-wine-prefix}

# Now and then wine fails to start a child process with "Internal error"
# (Windows error 1359, which CreateProcess does not give on Windows itself),
# and the test that started it fails. A test binary whose output shows that
# error runs once more: a real failure fails again, and stands.
log=$(mktemp)
status=0
wine "$@" | tee "$log" || status=$?
if [ "$status" -ne 0 ] && grep -q 'code: 1359, kind: Uncategorized' "$log"; then
    rm -f "$log"
    echo "wine-run.sh: wine failed to start a process (error 1359); running $(basename "$1") again" >&2
    exec wine "$@"
fi
rm -f "$log"
exit "$status"
