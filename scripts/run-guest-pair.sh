#!/bin/sh
# Boot a stock and a patched kernel at the same time and run the guest
# TESTS in both: scripts/guest-pair.sh TESTS TAG [SUFFIX]
# The kernels are stock and patched, or stockSUFFIX and patchedSUFFIX
# (-small: the small geometry).  Each guest has one CPU and counts time
# in the instructions it runs (boot-guest.sh's XARRAY_ICOUNT), so neither
# the other guest nor anything else on the host enters its clocks, and
# the two take half the wall time they would one after the other.
# Consoles and images are guest-run.sh's, for RUN = NAME-TAG.
set -eu
. "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || [ $# -eq 3 ] || die "usage: $0 TESTS TAG [SUFFIX]"
XARRAY_SMP=1 XARRAY_ICOUNT=1
export XARRAY_SMP XARRAY_ICOUNT
sh "$REPO/scripts/guest-run.sh" "stock${3:-}" "$1" "$2" &
stock=$!
sh "$REPO/scripts/guest-run.sh" "patched${3:-}" "$1" "$2" &
patched=$!
rc=0
wait "$stock" || rc=$?
wait "$patched" || rc=$?
exit "$rc"
