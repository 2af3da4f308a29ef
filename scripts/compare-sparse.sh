#!/bin/sh
# make C=2 (sparse) on lib/xarray.o, lib/radix-tree.o and
# fs/btrfs/delayed-inode.o in the stock and the patched build: the
# patched objects may add no warning.
set -eu
. "$(dirname "$0")/common.sh"
objs="lib/xarray.o lib/radix-tree.o fs/btrfs/delayed-inode.o"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
warnings() {	# NAME SRC: sparse's messages for $objs, tree and positions stripped
	# shellcheck disable=SC2086
	make -s -C "$2" O="$CACHE/build-$1" CC="ccache gcc" C=2 $objs 2>&1 |
		grep -E 'warning:|error:' | sed -e "s|$2/||" -e 's/:[0-9]*:[0-9]*: / /' |
		sort >"$tmp/$1" || true
}
warnings stock "$PRISTINE"
warnings patched "$PATCHED"
comm -13 "$tmp/stock" "$tmp/patched" >"$tmp/new"
cat "$tmp/new"
echo "sparse: stock $(wc -l <"$tmp/stock") warnings, patched $(wc -l <"$tmp/patched"), $(wc -l <"$tmp/new") new"
[ ! -s "$tmp/new" ]
