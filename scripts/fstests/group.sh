#!/bin/sh
# List the tests of an fstests group, DIR/NUMBER each, from an unpacked
# fstests source tree: the tests whose _begin_fstest line names GROUP
# (or, for a comma-separated list of groups, any of them), in each test
# directory given, in order.
# Usage: scripts/fstests/group.sh SRC GROUP[,GROUP...] DIR...
set -eu
[ $# -ge 3 ] || { echo "usage: $0 SRC GROUP DIR..." >&2; exit 2; }
src=$1 group=$2
shift 2
for d in "$@"; do
	[ -d "$src/tests/$d" ] || { echo "error: no $src/tests/$d" >&2; exit 1; }
	for t in "$src/tests/$d"/[0-9][0-9][0-9]; do
		[ -f "$t" ] || continue
		if awk -v g="$group" 'BEGIN { n = split(g, want, ",") }
			/^_begin_fstest/ {
				for (i = 2; i <= NF; i++)
					for (j = 1; j <= n; j++) if ($i == want[j]) found = 1
				exit
			}
			END { exit !found }' "$t"; then
			echo "$d/${t##*/}"
		fi
	done
done
