#!/bin/sh
# make arches' verdict for one architecture: the patched kernel's
# XArray and IDA self-tests passed every check, and counted as many as
# the stock kernel's on the same architecture; the stock counts are the
# ones kernel/config/arch-counts records (a change there is news: a new
# tree, or a config that moved).  No kernel splat in either console.
# Usage: scripts/compare-arch-counts.sh --arch ARCH [--dist]
set -eu
. "$(dirname "$0")/common.sh"
usage="usage: $0 --arch ARCH [--dist]"
. "$REPO/scripts/arch-table.sh"
arch_args "$@"
shift "$nargs"
[ $# -eq 0 ] || die "$usage"
run=$arch$dist
record=$REPO/kernel/config/arch-counts
fail=''
for test in xarray:XArray ida:IDA; do
	mode=${test%%:*} label=${test#*:}
	stock=$(sh "$REPO/scripts/parse-log.sh" "$mode" \
		"$CACHE/logs/arches-$run-stock.console") || fail="$fail; stock $label: $stock"
	patched=$(sh "$REPO/scripts/parse-log.sh" "$mode" \
		"$CACHE/logs/arches-$run-patched.console") || fail="$fail; patched $label: $patched"
	s=$(echo "$stock" | sed -n 's/.*: [0-9]* of \([0-9]*\) tests passed/\1/p')
	p=$(echo "$patched" | sed -n 's/.*: [0-9]* of \([0-9]*\) tests passed/\1/p')
	r=$(sed -n "s/^$run $label \([0-9]*\)$/\1/p" "$record")
	[ "$s" = "$p" ] || fail="$fail; $label: patched counted ${p:-nothing}, stock ${s:-nothing}"
	[ "$s" = "$r" ] || fail="$fail; $label: stock counted ${s:-nothing}, kernel/config/arch-counts records ${r:-nothing}"
	echo "$run $label: stock ${s:-?}, patched ${p:-?}, recorded ${r:-?}"
done
for k in stock patched; do
	sh "$REPO/scripts/parse-log.sh" nosplat "$CACHE/logs/arches-$run-$k.console" >/dev/null ||
		fail="$fail; a splat in the $k console"
done
[ -z "$fail" ] || die "${fail#; }"
echo "$run: patched counts equal stock's and the record"
