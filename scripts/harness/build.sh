#!/bin/sh
# Build the 6.1 tree's userspace test harness (tools/testing/radix-tree)
# in (path harness NAME) with include/linux/xarray.h and lib/xarray.c (and
# lib/radix-tree.h where SRC has it) taken from SRC: the repo for our
# files, the pristine tree for the tree's.
# Usage: scripts/harness/build.sh [--shift N] NAME SRC
# --shift sets the node size (XA_CHUNK_SHIFT; the harness's default is 3).
#
# The tree is hard-linked into the copy; the harness directory and the
# files taken from SRC are real copies, so building there never writes
# through a link into the pristine tree.  fallthrough= works around the
# 6.1 tree's maple_tree.c not building in userspace without editing any
# source; it goes in the environment so that the harness Makefile's own
# CFLAGS += still applies.
set -eu
. "$(dirname "$0")/../lib/common.sh"
shift_n=3
if [ "${1:-}" = --shift ]; then
	shift_n=${2:?usage: $0 [--shift N] NAME SRC}
	shift 2
fi
[ $# -eq 2 ] || die "usage: $0 [--shift N] NAME SRC"
dst=$(path harness "$1") src=$2
h=tools/testing/radix-tree
dir=$dst/$h

if [ ! -f "$dst/.linked" ]; then
	rm -rf "$dst"
	mkdir -p "$dst"
	for d in tools lib include Makefile; do
		cp -al "$PRISTINE/$d" "$dst/$d"
	done
	rm -rf "${dir:?}"
	cp -a "$PRISTINE/$h" "$dir"
	touch "$dst/.linked"
fi
for f in include/linux/xarray.h lib/xarray.c lib/radix-tree.h; do
	[ -f "$src/$f" ] || continue	# the tree has no lib/radix-tree.h
	cmp -s "$src/$f" "$dst/$f" && continue
	rm -f "$dst/$f"
	cp "$src/$f" "$dst/$f"
done

# The node size is baked into generated/map-shift.h; rebuild on a change.
if [ -f "$dir/generated/map-shift.h" ] &&
   ! grep -q "XA_CHUNK_SHIFT $shift_n\$" "$dir/generated/map-shift.h"; then
	make -s -C "$dir" clean
fi
# A failed build must not leave an older program for the run steps.
progs="xarray idr-test multiorder main"
# shellcheck disable=SC2086 # the program names
(cd "$dir" && rm -f $progs)
# shellcheck disable=SC2086 # the program names
CFLAGS=-Dfallthrough= make -s -C "$dir" -j"$JOBS" SHIFT="$shift_n" \
	$progs >"$dir/build.log" 2>&1 ||
	{ tail -n 30 "$dir/build.log"; die "harness $1 build failed"; }
echo "built $dir"
