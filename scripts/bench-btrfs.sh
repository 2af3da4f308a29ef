#!/bin/sh
# The btrfs workload timed in the stock kernel (delayed_nodes_tree as a
# radix tree) and the patched one (the backport: an XArray, ours), RUNS
# pairs of boots, the two kernels of a pair at the same time and timed
# in guest instructions (run-guest-pair.sh), on a fresh image each time.
# Writes lines "KERNEL RUN SECONDS" to FILE.  Builds neither kernel: run
# after scripts/bench-kernel.sh (or make test), which brings both up to
# date.
# Usage: scripts/bench-btrfs.sh FILE RUNS
set -eu
. "$(dirname "$0")/common.sh"
[ $# -eq 2 ] || die "usage: $0 FILE RUNS"
out=$1 runs=$2
: >"$out.tmp"
r=1
while [ "$r" -le "$runs" ]; do
	step "btrfs workload in both kernels at once, run $r of $runs"
	# Without the built-in self-tests, as in bench-kernel.sh: both
	# kernels start the workload from the same state.
	sh "$REPO/scripts/run-guest-pair.sh" --append "$NO_SELFTESTS" \
		btrfs "btrfs$r" >/dev/null
	for k in stock patched; do
		log=$CACHE/logs/guest-$k-btrfs$r.console
		secs=$(btrfs_seconds "$log")
		[ -n "$secs" ] || die "no workload time in $log"
		echo "$k $r $secs" >>"$out.tmp"
		rm -f "$CACHE/btrfs-$k-btrfs$r.img"
	done
	r=$((r + 1))
done
mv "$out.tmp" "$out"
echo "$(wc -l <"$out") btrfs workload times in $out"
