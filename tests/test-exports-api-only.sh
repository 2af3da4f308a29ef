#!/bin/sh
# libxarray.so exports the API and nothing else: every defined dynamic
# symbol is a function the installed <xarray/xarray.h> declares (no
# allocator internals, test hooks or xa_shim_ helpers), and every function
# it declares is exported.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
make -s lib
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Version nodes are absolute symbols ("A"); the rest are what we export.
nm -D --defined-only build/libxarray.so |
	awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort >"$tmp/exported"
sh userspace/api-functions.sh build/include >"$tmp/declared"

extra=$(comm -23 "$tmp/exported" "$tmp/declared")
missing=$(comm -13 "$tmp/exported" "$tmp/declared")
[ -z "$extra" ] || echo "FAIL: exported but not API:" "$extra"
[ -z "$missing" ] || echo "FAIL: declared but not exported:" "$missing"
echo "libxarray.so: $(wc -l <"$tmp/exported") symbols exported, $(wc -l <"$tmp/declared") functions declared"
[ -z "$extra$missing" ]
