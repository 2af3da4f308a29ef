#!/bin/sh
# The in-kernel benchmark (guest/modules/xarray_bench.c) and the
# page-cache timings (guest/workloads/pagecache-bench.c) in the stock and
# the patched kernel of one geometry: BOOTS pairs of boots,
# the two kernels of a pair at the same time and timed in guest
# instructions (run-guest-pair.sh); writes the lines as
# "KERNEL SIZE WORKLOAD REP OPS NANOSECONDS" to FILE, stock then patched
# for each pair.  Both kernels are brought up to date first (the
# patched one from this checkout's patches/), which takes a few seconds
# when nothing changed.
# Usage: scripts/bench/kernel.sh [--geometry dist|small] FILE BOOTS
set -eu
. "$(dirname "$0")/../lib/common.sh"
geometry=dist suffix='' fragments=	# build-kernel.sh's default: dist
if [ "${1:-}" = --geometry ]; then
	geometry=${2:-}
	shift 2
fi
case $geometry in
dist) ;;
small) suffix=-small fragments=$REPO/config/base.config ;;
*) die "geometry must be dist or small" ;;
esac
[ $# -eq 2 ] || die "usage: $0 [--geometry dist|small] FILE BOOTS"
out=$1 boots=$2
[ -f "$PRISTINE/.unpacked" ] || die "no pristine tree: make test unpacks it"
sh "$REPO/scripts/series/sync-patched-tree.sh" >/dev/null
sh "$REPO/scripts/guest/make-initramfs.sh" >/dev/null
for k in stock$suffix patched$suffix; do
	step "bring the $k kernel up to date"
	# shellcheck disable=SC2086 # no fragment, or one
	sh "$REPO/scripts/guest/build-kernel.sh" "$k" $fragments >/dev/null
	sh "$REPO/scripts/guest/build-modules.sh" "$k" >/dev/null
done
: >"$out.tmp"
b=1
while [ "$b" -le "$boots" ]; do
	# Each benchmark in boots of its own, without the self-tests, so
	# that both kernels start it from the same state: what ran before
	# moves the small-file timing (patched/stock 0.94 after test_xarray,
	# 0.77 after the benchmark module, 1.01 after a plain boot).
	for t in bench pcbench; do
		step "$t in both kernels at once, pair $b of $boots"
		sh "$REPO/scripts/guest/run-guest-pair.sh" --geometry "$geometry" \
			--append "$NO_SELFTESTS" "$t" bench >/dev/null
		for k in stock patched; do
			log=$(path console "guest-$k$suffix-bench")
			sh "$REPO/scripts/guest/parse-log.sh" result "$log" "$t" >/dev/null ||
				die "benchmark $t failed in the $k kernel; see $log"
			tr -d '\r' <"$log" | sed -n "s/.*XARRAY-BENCH /$k /p" >>"$out.tmp"
		done
	done
	b=$((b + 1))
done
mv "$out.tmp" "$out"
echo "$(wc -l <"$out") measurements in $out"
