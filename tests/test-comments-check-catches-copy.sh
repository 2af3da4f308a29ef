#!/bin/sh
# check-comments-own-words.sh must fail when one kernel-doc line of the tree's
# lib/xarray.c is pasted into ours.
set -eu
. "$(dirname "$0")/../scripts/lib/common.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/lib" "$tmp/include/linux"
cp "$REPO/include/linux/xarray.h" "$tmp/include/linux/"
cp "$REPO/lib/xarray.c" "$tmp/lib/"
line=$(grep -m1 '^ \* xa_load() - ' "$PRISTINE/lib/xarray.c")
[ -n "$line" ] || die "no xa_load() kernel-doc line in the tree"
printf '/**\n%s\n */\n' "$line" >>"$tmp/lib/xarray.c"
if sh "$REPO/scripts/series/check-comments-own-words.sh" "$tmp" >"$tmp/out" 2>&1; then
	cat "$tmp/out"
	die "a pasted tree comment was not caught"
fi
grep -F -e "$line" "$tmp/out" >/dev/null || die "the pasted line was not named"
echo "pasted tree comment caught: $(grep -c '^    ' "$tmp/out") line named"
