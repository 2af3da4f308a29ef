#!/bin/sh
# The tree's scripts/kernel-doc -none -v on our header and implementation
# prints no warning or error, and every symbol lib/xarray.c exports has a
# kernel-doc comment (kernel-doc names each block it scans).
set -eu
. "$(dirname "$0")/../lib/common.sh"
[ -f "$PRISTINE/.unpacked" ] || die "no pristine tree: run scripts/series/unpack-tree.sh"
files="include/linux/xarray.h lib/xarray.c lib/radix-tree.h"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086
(cd "$REPO" && perl "$PRISTINE/scripts/kernel-doc" -none -v $files) \
	>"$tmp/out" 2>&1 || true
grep -v ': info: Scanning doc for ' "$tmp/out" >"$tmp/bad" || true
sed -n 's/.*: info: Scanning doc for [a-z]* \([A-Za-z_0-9]*\).*/\1/p' \
	"$tmp/out" | sort -u >"$tmp/documented"
sed -n 's/^EXPORT_SYMBOL\(_GPL\)\{0,1\}(\([A-Za-z_0-9]*\));.*/\2/p' \
	"$REPO/lib/xarray.c" | sort -u >"$tmp/exported"
comm -23 "$tmp/exported" "$tmp/documented" >"$tmp/undocumented"
cat "$tmp/bad" "$tmp/undocumented"
echo "kernel-doc: $(wc -l <"$tmp/bad") warnings; $(wc -l <"$tmp/exported") exports, $(wc -l <"$tmp/documented") documented blocks, $(wc -l <"$tmp/undocumented") exports undocumented"
[ ! -s "$tmp/bad" ] && [ ! -s "$tmp/undocumented" ]
