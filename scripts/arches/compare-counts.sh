#!/bin/sh
# make arches' verdict for one architecture: the patched kernel's
# XArray and IDA self-tests passed every check, and counted as many as
# the stock kernel's on the same architecture; the stock counts are the
# ones records/arch-counts records (a change there is news: a new
# tree, or a config that moved).  btrfs's self-tests passed where the
# architecture builds them in.  No kernel splat in either console.
# With --record, writes the stock kernel's counts for ARCH into the
# record instead (after a new tree or an architecture's config changed).
# Usage: scripts/arches/compare-counts.sh --arch ARCH [--dist] [--record]
set -eu
. "$(dirname "$0")/../lib/common.sh"
usage="usage: $0 --arch ARCH [--dist] [--record]"
. "$REPO/scripts/lib/arch-table.sh"
arch_args "$@"
shift "$nargs"
record_stock=''
[ "${1:-}" != --record ] || { record_stock=1; shift; }
[ $# -eq 0 ] || die "$usage"
run=$arch$dist
record=$REPO/records/arch-counts
[ -f "$record" ] || die "no $record: record it with $0 --arch $arch${dist:+ --dist} --record"

# tests_run: the N of "...: P of N tests passed" on stdin.
tests_run() {
	sed -n 's/.*: [0-9]* of \([0-9]*\) tests passed/\1/p'
}

# count MODE KERNEL: how many tests the self-test MODE (xarray or ida)
# ran in KERNEL's console, if all passed.
count() {
	sh "$REPO/scripts/guest/parse-log.sh" "$1" "$(path arch-console "$run" "$2")" | tests_run
}

if [ -n "$record_stock" ]; then
	x=$(count xarray stock) i=$(count ida stock)
	[ -n "$x" ] || die "the stock $run console has no passing XArray count"
	[ -n "$i" ] || die "the stock $run console has no passing IDA count"
	grep -v "^$run " "$record" >"$record.new" || true
	printf '%s XArray %s\n%s IDA %s\n' "$run" "$x" "$run" "$i" >>"$record.new"
	mv "$record.new" "$record"
	echo "recorded $run: XArray $x, IDA $i"
	exit 0
fi
fail=''
for test in xarray:XArray ida:IDA; do
	mode=${test%%:*} label=${test#*:}
	stock=$(sh "$REPO/scripts/guest/parse-log.sh" "$mode" \
		"$(path arch-console "$run" stock)") || fail="$fail; stock $label: $stock"
	patched=$(sh "$REPO/scripts/guest/parse-log.sh" "$mode" \
		"$(path arch-console "$run" patched)") || fail="$fail; patched $label: $patched"
	s=$(echo "$stock" | tests_run)
	p=$(echo "$patched" | tests_run)
	r=$(sed -n "s/^$run $label \([0-9]*\)$/\1/p" "$record")
	[ "$s" = "$p" ] || fail="$fail; $label: patched counted ${p:-nothing}, stock ${s:-nothing}"
	[ "$s" = "$r" ] || fail="$fail; $label: stock counted ${s:-nothing}, records/arch-counts records ${r:-nothing}"
	echo "$run $label: stock ${s:-?}, patched ${p:-?}, recorded ${r:-?}"
done
# btrfs's self-tests, on the architectures whose fragment builds them in
# (i386: inode numbers beyond 32 bits).
for k in stock patched; do
	grep -q '^CONFIG_BTRFS_FS_RUN_SANITY_TESTS=y' \
		"$(path arch-build "$run" "$k")/.config" || continue
	said=$(sh "$REPO/scripts/guest/parse-log.sh" btrfs-selftests \
		"$(path arch-console "$run" "$k")") ||
		fail="$fail; $k: $(echo "$said" | head -n 2 | tr '\n' ' ')"
	echo "$run $k: $(echo "$said" | head -n 1)"
done
# The guest ends, by design, in the panic for want of an init, or of a
# root filesystem where the kernel has a block layer (i386, for btrfs),
# and on some machines its stack dump: a splat is one before it.
before_end=$(mktemp)
trap 'rm -f "$before_end"' EXIT
for k in stock patched; do
	sed -E '/Kernel panic - not syncing: (No working init found|VFS: Unable to mount root fs)/,$d' \
		"$(path arch-console "$run" "$k")" >"$before_end"
	splat=$(sh "$REPO/scripts/guest/parse-log.sh" nosplat "$before_end") ||
		fail="$fail; a splat in the $k console: $(echo "$splat" | sed -n 2p)"
done
[ -z "$fail" ] || die "${fail#; }"
echo "$run: patched counts equal stock's and the record"
