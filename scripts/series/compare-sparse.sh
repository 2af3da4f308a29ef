#!/bin/sh
# make C=2 (sparse) on the objects the series changes (lib/xarray.o,
# lib/radix-tree.o and btrfs's), in the patched build: the patched
# objects may add no warning to stock 6.1's, which are recorded in
# records/stock-sparse.  With --stock (make compare), the stock
# build's warnings must be the recorded ones.
# Usage: scripts/series/compare-sparse.sh [--stock]
set -eu
. "$(dirname "$0")/../lib/common.sh"
objs="lib/xarray.o lib/radix-tree.o fs/btrfs/delayed-inode.o fs/btrfs/inode.o
fs/btrfs/disk-io.o fs/btrfs/extent_io.o fs/btrfs/send.o fs/btrfs/transaction.o
fs/btrfs/zoned.o fs/btrfs/ctree.o fs/btrfs/tests/btrfs-tests.o"
baseline=$REPO/records/stock-sparse
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# warnings NAME: sparse's messages for $objs in build NAME, sorted, with
# the tree's path and the positions stripped (lines move between trees).
warnings() {
	src=$(kernel_tree "$1")
	[ -f "$(path build "$1")/.config" ] || die "no $1 build: build-kernel.sh $1 first"
	# shellcheck disable=SC2086 # the objects are words
	make -s -C "$src" O="$(path build "$1")" CC="ccache gcc" C=2 $objs 2>&1 |
		grep -E 'warning:|error:' | sed -e "s|$src/||" -e 's/:[0-9]*:[0-9]*: / /' |
		LC_ALL=C sort || true
}
if [ "${1:-}" = --record ]; then	# write the baseline (make compare's stock build)
	warnings stock >"$baseline"
	echo "recorded $(wc -l <"$baseline") stock warnings in records/stock-sparse"
	exit 0
fi
if [ "${1:-}" = --stock ]; then
	warnings stock >"$tmp/stock"
	if ! diff -u "$baseline" "$tmp/stock"; then
		die "stock 6.1's sparse warnings are not the ones in records/stock-sparse"
	fi
	echo "sparse: stock 6.1 has the $(wc -l <"$baseline") recorded warnings"
	exit 0
fi
warnings patched >"$tmp/patched"
LC_ALL=C comm -13 "$baseline" "$tmp/patched" >"$tmp/new"
cat "$tmp/new"
echo "sparse: stock $(wc -l <"$baseline") warnings (recorded), patched $(wc -l <"$tmp/patched"), $(wc -l <"$tmp/new") new"
[ ! -s "$tmp/new" ]
