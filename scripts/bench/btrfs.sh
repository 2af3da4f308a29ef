#!/bin/sh
# The btrfs workload timed in the stock kernel (btrfs's radix trees and
# rb-tree) and the patched one (the series' XArrays, ours), RUNS pairs of
# boots, the two kernels of a pair at the same time and timed in guest
# instructions (run-guest-pair.sh), on a fresh image each time.  Writes
# lines "KERNEL RUN SECONDS" to FILE.  With --inodes FILE2, each boot
# then runs the inode-heavy workload (guest/workloads/inode-work.c) too, and
# FILE2 gets "KERNEL RUN COLD CACHED": its walks' seconds after dropped
# caches and with the inodes in memory.  Builds neither kernel: run
# after scripts/bench/kernel.sh (or make test), which brings both up to
# date.
# Usage: scripts/bench/btrfs.sh [--inodes FILE2] FILE RUNS
set -eu
. "$(dirname "$0")/../lib/common.sh"
inodes='' tests=btrfs
if [ "${1:-}" = --inodes ]; then
	inodes=$2 tests=btrfs,inodes
	shift 2
	: >"$inodes.tmp"
fi
[ $# -eq 2 ] || die "usage: $0 [--inodes FILE2] FILE RUNS"
out=$1 runs=$2
: >"$out.tmp"
r=1
while [ "$r" -le "$runs" ]; do
	step "btrfs workload in both kernels at once, run $r of $runs"
	# Without the built-in self-tests, as in bench/kernel.sh: both
	# kernels start the workload from the same state.
	sh "$REPO/scripts/guest/run-guest-pair.sh" --append "$NO_SELFTESTS" \
		"$tests" "btrfs$r" >/dev/null
	for k in stock patched; do
		log=$(path console "guest-$k-btrfs$r")
		secs=$(btrfs_seconds "$log")
		[ -n "$secs" ] || die "no workload time in $log"
		echo "$k $r $secs" >>"$out.tmp"
		if [ -n "$inodes" ]; then
			walks=$(tr -d '\r' <"$log" |
				sed -n 's/^inode-work: *\([0-9.]*\) s \(cold\|cached\) walks$/\1/p' | tr '\n' ' ')
			[ "$(echo "$walks" | wc -w)" -eq 2 ] || die "no inode workload times in $log"
			echo "$k $r $walks" >>"$inodes.tmp"
		fi
		rm -f "$(path btrfs-image "$k-btrfs$r")"
	done
	r=$((r + 1))
done
mv "$out.tmp" "$out"
echo "$(wc -l <"$out") btrfs workload times in $out"
[ -z "$inodes" ] || { mv "$inodes.tmp" "$inodes"; echo "$(wc -l <"$inodes") inode workload times in $inodes"; }
