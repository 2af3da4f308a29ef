#!/bin/sh
# List the tests of an fstests group, DIR/NUMBER each, from an unpacked
# fstests source tree: the tests whose _begin_fstest line names GROUP,
# in each test directory given, in order.
# Usage: scripts/fstests/group.sh SRC GROUP DIR...
set -eu
[ $# -ge 3 ] || { echo "usage: $0 SRC GROUP DIR..." >&2; exit 2; }
src=$1 group=$2
shift 2
for d in "$@"; do
	[ -d "$src/tests/$d" ] || { echo "error: no $src/tests/$d" >&2; exit 1; }
	for t in "$src/tests/$d"/[0-9][0-9][0-9]; do
		[ -f "$t" ] || continue
		awk -v g="$group" '/^_begin_fstest/ {
				for (i = 2; i <= NF; i++) if ($i == g) found = 1
				exit
			}
			END { exit !found }' "$t" && echo "$d/${t##*/}"
	done
done
