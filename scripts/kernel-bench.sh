#!/bin/sh
# The in-kernel benchmark (kernel/modules/xarray_bench.c) in the stock and
# the patched kernel: BOOTS pairs of boots (default 2), the two kernels
# of a pair at the same time and timed in guest instructions
# (guest-pair.sh); writes the lines as
# "KERNEL SIZE WORKLOAD REP OPS NANOSECONDS" to FILE, stock then patched
# for each pair.  Both kernels are brought up to date first (the
# patched one from this checkout's patches/), which takes a few seconds
# when nothing changed.
# Usage: scripts/kernel-bench.sh FILE [BOOTS]
set -eu
. "$(dirname "$0")/common.sh"
out=${1:?usage: $0 FILE [BOOTS]}
boots=${2:-2}
[ -f "$PRISTINE/.unpacked" ] || die "no pristine tree: make test unpacks it"
sh "$REPO/scripts/sync-patched-tree.sh" >/dev/null
sh "$REPO/scripts/make-initramfs.sh" >/dev/null
for k in stock patched; do
	step "bring the $k kernel up to date"
	sh "$REPO/scripts/build-kernel.sh" "$k" >/dev/null
	sh "$REPO/scripts/build-modules.sh" "$k" >/dev/null
done
: >"$out.tmp"
b=1
while [ "$b" -le "$boots" ]; do
	step "benchmark module in both kernels at once, pair $b of $boots"
	sh "$REPO/scripts/guest-pair.sh" bench bench >/dev/null
	for k in stock patched; do
		log=$CACHE/logs/guest-$k-bench.console
		sh "$REPO/scripts/parse-log.sh" result "$log" bench >/dev/null ||
			die "the benchmark failed in the $k kernel; see $log"
		tr -d '\r' <"$log" | sed -n "s/.*XARRAY-BENCH /$k /p" >>"$out.tmp"
	done
	b=$((b + 1))
done
mv "$out.tmp" "$out"
echo "$(wc -l <"$out") measurements in $out"
