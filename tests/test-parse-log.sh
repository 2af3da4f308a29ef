#!/bin/sh
# The log parser accepts a good guest log and rejects each way a run can go
# wrong.  The bad logs are made from the good one, one fault each.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
parse="sh $here/../scripts/guest/parse-log.sh"
good=$here/parse-log/good.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

expect() {	# expect pass|fail NAME SED-SCRIPT [MODE] [ARG]
	want=$1 name=$2 edit=$3 mode=${4:-all} arg=${5:-6781596}
	sed "$edit" "$good" >"$tmp/$name.log"
	if $parse "$mode" "$tmp/$name.log" "$arg" >"$tmp/out" 2>&1; then
		got=pass
	else
		got=fail
	fi
	if [ "$got" = "$want" ]; then
		passed=$((passed + 1))
		echo "ok   $name (parser said: $(tail -n 1 "$tmp/out"))"
	else
		failed=$((failed + 1))
		echo "FAIL $name: wanted $want, parser said:"
		cat "$tmp/out"
	fi
}

expect pass good-log-passes ''
expect pass ida-deliberate-warnings-are-ignored '' clean
expect fail warning-outside-ida-region-fails '/^XARRAY-GUEST-START/a [   9.0] WARNING: CPU: 1 PID: 77 at lib/xarray.c:1000 xas_store+0x1/0x2'
expect fail bug-fails '/^btrfs-work: ok/i [   9.0] BUG: kernel NULL pointer dereference, address: 0000000000000008'
expect fail kasan-report-fails '/^btrfs-work: ok/i [   9.0] BUG: KASAN: use-after-free in xas_load+0x10/0x90'
expect fail lockdep-splat-fails '/^btrfs-work: ok/i [   9.0] WARNING: possible circular locking dependency detected'
expect fail rcu-splat-fails '/^btrfs-work: ok/i [   9.0] WARNING: suspicious RCU usage'
expect fail rcu-stall-fails '/^btrfs-work: ok/i [   9.0] rcu: INFO: rcu_sched detected stalls on CPUs/tasks:'
expect fail panic-fails '/^XARRAY-GUEST-START/i [   2.0] Kernel panic - not syncing: Attempted to kill init!'
expect fail missing-end-marker-fails '/^XARRAY-GUEST-DONE/d'
expect fail failed-guest-test-fails 's/^XARRAY-RESULT btrfs pass/XARRAY-RESULT btrfs fail/'
expect fail xarray-selftest-failures-fail 's/XArray: 6781596 of/XArray: 6781590 of/'
expect fail xarray-selftest-missing-fails '/XArray: /d'
expect fail xarray-count-differs-from-stock-fails '' xarray 6781597
expect pass xarray-total-counts-failed-checks 's/XArray: 6781596 of/XArray: 6781590 of/' xarray-total
expect fail xarray-total-short-of-stock-fails 's/of 6781596 tests/of 6781500 tests/' xarray-total
expect pass count-given-as-geometry '' xarray small
expect fail count-of-another-geometry-fails '' xarray dist
expect fail unknown-geometry-fails '' xarray tiny
expect fail ida-selftest-failures-fail 's/IDA: 34783 of/IDA: 34780 of/'
expect fail unterminated-ida-region-hides-nothing '/"not allocated" warnings over/d' clean
noise='/^XARRAY-GUEST-START/a XARRAY-NOISE-BEGIN test_xarray under failslab\
[   9.0] BUG at check_xa_err:88\
[   9.0] Call Trace:\
XARRAY-NOISE-END'
expect pass stack-dump-in-noise-region-is-ignored "$noise" clean
expect fail warning-in-noise-region-fails "$noise"'\
[   9.1] WARNING: CPU: 0 PID: 80 at lib/xarray.c:500 xas_alloc+0x1/0x2' clean
expect fail call-trace-outside-noise-region-fails "$noise"'\
[   9.1] Call Trace:' clean
expect pass nosplat-needs-no-end-marker '/^XARRAY-GUEST-DONE/d' nosplat
expect fail nosplat-still-finds-splats '/^XARRAY-GUEST-DONE/i [   9.0] BUG: KASAN: slab-out-of-bounds in xas_store+0x1/0x2' nosplat
btrfs_warn='/^btrfs-work: ok/i [   9.0] WARNING: CPU: 0 PID: 218 at btrfs_space_info_update_bytes_may_use+0x1af/0x1d2\
[   9.0] Call Trace:'
expect pass nocrash-lists-a-btrfs-warning "$btrfs_warn" nocrash
expect fail clean-still-fails-on-a-btrfs-warning "$btrfs_warn" clean
expect fail nocrash-fails-on-a-warning-in-the-xarray '/^btrfs-work: ok/i [   9.0] WARNING: CPU: 1 PID: 80 at xas_alloc+0x1/0x2' nocrash
expect fail nocrash-fails-on-kasan '/^btrfs-work: ok/i [   9.0] BUG: KASAN: use-after-free in xas_load+0x10/0x90' nocrash
expect fail nocrash-fails-on-lockdep '/^btrfs-work: ok/i [   9.0] WARNING: possible circular locking dependency detected' nocrash
expect fail nocrash-needs-the-end-marker '/^XARRAY-GUEST-DONE/d' nocrash
selftests='/^XARRAY-GUEST-START/i [   2.0] BTRFS: selftest: running extent_map tests\
[   2.1] BTRFS: selftest: running find_first_clear_extent_bit test'
expect pass btrfs-selftests-that-ran-pass "$selftests" btrfs-selftests
expect fail btrfs-selftest-failure-fails "$selftests"'\
[   2.2] BTRFS: selftest: fs/btrfs/tests/btrfs-tests.c:260 root->inodes: XA_FLAGS_ACCOUNT set' btrfs-selftests
expect fail btrfs-selftests-that-never-ran-fail '' btrfs-selftests
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
