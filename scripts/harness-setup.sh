#!/bin/sh
# Prepare a copy of the pristine tree's tools/testing/radix-tree harness
# in $CACHE/harness-NAME, with include/linux/xarray.h and lib/xarray.c
# (and lib/radix-tree.h where SRC has it) taken from SRC (the repo for
# "ours", the pristine tree for "tree").  The tree is hard-linked; the
# harness directory and the two files are real copies, so building in it
# never writes through a link into the pristine tree.
# Usage: scripts/harness-setup.sh NAME SRC
set -eu
. "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || die "usage: $0 NAME SRC"
dst=$CACHE/harness-$1 src=$2
h=tools/testing/radix-tree
if [ ! -f "$dst/.linked" ]; then
	rm -rf "$dst"
	mkdir -p "$dst"
	for d in tools lib include Makefile; do
		cp -al "$PRISTINE/$d" "$dst/$d"
	done
	rm -rf "${dst:?}/$h"
	cp -a "$PRISTINE/$h" "$dst/$h"
	touch "$dst/.linked"
fi
for f in include/linux/xarray.h lib/xarray.c lib/radix-tree.h; do
	[ -f "$src/$f" ] || continue	# the tree has no lib/radix-tree.h
	cmp -s "$src/$f" "$dst/$f" && continue
	rm -f "$dst/$f"
	cp "$src/$f" "$dst/$f"
done
echo "$dst/$h"
