#!/bin/sh
# Usage: check-comments-own-words.sh [DIR]
# DIR's (default: the repo's) lib/xarray.c and include/linux/xarray.h must
# describe the API in their own words: no comment line longer than 12
# characters may also appear in the 6.1 tree's file, except the SPDX tag
# and #endif markers, which are facts, not prose.  Prints each shared
# line and fails on any.
set -eu
. "$(dirname "$0")/../lib/common.sh"
dir=${1:-$REPO}
[ -f "$PRISTINE/.unpacked" ] || die "no pristine tree: run scripts/series/unpack-tree.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

comment_lines() {
	grep -oE '/\*.*|^[[:space:]]*\*( .*)?$|//.*' "$1" |
		sed 's/^[[:space:]]*//' |
		grep -v -e 'SPDX-License-Identifier' -e '^/\* [A-Z_]* \*/$' |
		awk 'length($0) > 12' | sort -u
}

shared=0 total=0
for f in lib/xarray.c include/linux/xarray.h; do
	comment_lines "$dir/$f" >"$tmp/ours"
	comment_lines "$PRISTINE/$f" >"$tmp/tree"
	comm -12 "$tmp/ours" "$tmp/tree" >"$tmp/both"
	sed "s|^|    $f: |" "$tmp/both"
	n=$(wc -l <"$tmp/both") all=$(wc -l <"$tmp/ours")
	echo "$f: $n of $all comment lines shared with the tree"
	shared=$((shared + n)) total=$((total + all))
done
[ "$shared" -eq 0 ] || die "$shared comment lines copied from the tree"
echo "comments: 0 of $total lines shared with the 6.1 tree"
