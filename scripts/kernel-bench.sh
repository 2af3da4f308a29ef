#!/bin/sh
# The in-kernel benchmark (kernel/modules/xarray_bench.c) in the stock and
# the patched kernel, one boot each, one after the other: writes the
# lines as "KERNEL SIZE WORKLOAD REP OPS NANOSECONDS" to FILE.
# Usage: scripts/kernel-bench.sh FILE
set -eu
. "$(dirname "$0")/common.sh"
out=${1:?usage: $0 FILE}
: >"$out.tmp"
for k in stock patched; do
	[ -f "$CACHE/build-$k/Module.symvers" ] ||
		die "no $k kernel: make test builds both"
	sh "$REPO/scripts/build-modules.sh" "$k" >/dev/null
	step "benchmark module in the $k kernel"
	sh "$REPO/scripts/guest-run.sh" "$k" bench bench >/dev/null
	log=$CACHE/logs/guest-$k-bench.console
	sh "$REPO/scripts/parse-log.sh" result "$log" bench >/dev/null ||
		die "the benchmark failed in the $k kernel; see $log"
	tr -d '\r' <"$log" | sed -n "s/.*XARRAY-BENCH /$k /p" >>"$out.tmp"
done
mv "$out.tmp" "$out"
echo "$(wc -l <"$out") measurements in $out"
