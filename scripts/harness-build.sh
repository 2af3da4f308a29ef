#!/bin/sh
# Build the radix-tree harness in $CACHE/harness-NAME (see harness-setup.sh).
# SHIFT (node size, default 3 as the harness has it) is passed through;
# fallthrough= works around the 6.1 tree's maple_tree.c not building in
# userspace, without editing any source; it goes in the environment so
# the harness Makefile's own CFLAGS += still applies.
# Usage: scripts/harness-build.sh NAME
set -eu
. "$(dirname "$0")/common.sh"
dir=$CACHE/harness-${1:?usage: $0 NAME}/tools/testing/radix-tree
shift_arg=${SHIFT:+SHIFT=$SHIFT}
# The node size is baked into generated/map-shift.h; rebuild on a change.
if [ -f "$dir/generated/map-shift.h" ] &&
   ! grep -q "XA_CHUNK_SHIFT ${SHIFT:-3}\$" "$dir/generated/map-shift.h"; then
	make -s -C "$dir" clean
fi
# A failed build must not leave an older program for the run steps.
progs="xarray idr-test multiorder main"
# shellcheck disable=SC2086
(cd "$dir" && rm -f $progs)
# shellcheck disable=SC2086
CFLAGS=-Dfallthrough= make -s -C "$dir" -j"$JOBS" $shift_arg \
	$progs >"$dir/build.log" 2>&1 ||
	{ tail -n 30 "$dir/build.log"; die "harness $1 build failed"; }
echo "built $dir"
