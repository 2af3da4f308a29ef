#!/bin/sh
# Side by side: the harness's counts with our files and with the tree's.
# The XArray suite is deterministic, so its counts must be equal at each
# node size.  The IDA suite is not (ida_check_random() and the threaded
# IDA test loop for a fixed wall time), so its totals are only shown.
set -eu
. "$(dirname "$0")/common.sh"
count() {	# count NAME BIN LABEL
	grep -a -o "$3: [0-9]* of [0-9]*" "$CACHE/logs/harness-$1-$2.out" 2>/dev/null |
		tail -n 1 | sed "s/^$3: //"
}
rc=0
printf '%-26s %-24s %-24s\n' suite ours tree
for pair in "ours tree SHIFT=3" "ours6 tree6 SHIFT=6"; do
	# shellcheck disable=SC2086 # the pair's three words
	set -- $pair
	a=$(count "$1" xarray XArray) b=$(count "$2" xarray XArray)
	printf '%-26s %-24s %-24s\n' "xarray ($3)" "${a:-missing}" "${b:-missing}"
	[ -n "$a" ] && [ "$a" = "$b" ] || rc=1
done
printf '%-26s %-24s %-24s\n' "idr-test (timed, SHIFT=3)" \
	"$(count ours idr-test IDA)" "$(count tree idr-test IDA)"
[ "$rc" -eq 0 ] || die "XArray counts differ between our files and the tree's"
echo "XArray counts equal at SHIFT=3 and SHIFT=6"
