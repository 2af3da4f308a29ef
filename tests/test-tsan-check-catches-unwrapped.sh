#!/bin/sh
# check-tsan-wrappers.sh must fail, naming the function, when the
# installed header declares a function that returns an entry and has
# neither a TSan wrapper nor an exemption.
set -eu
. "$(dirname "$0")/../scripts/lib/common.sh"
[ -f "$REPO/build/include/xarray/xarray.h" ] || die "no build/include: run make lib"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$REPO/build/include" "$tmp/include"
echo 'extern void *xa_planted_lookup(struct xarray *xa, unsigned long index);' \
	>>"$tmp/include/xarray/xarray.h"
if sh "$REPO/scripts/library/check-tsan-wrappers.sh" --include "$tmp/include" >"$tmp/out" 2>&1; then
	cat "$tmp/out"
	die "a planted function without a TSan wrapper was not caught"
fi
grep -q 'xa_planted_lookup()' "$tmp/out" || { cat "$tmp/out"; die "the planted function was not named"; }
echo "planted unwrapped function caught: $(cat "$tmp/out")"
