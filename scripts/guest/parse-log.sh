#!/bin/sh
# Judge what a guest left behind: its console log, or its btrfs image.
# Usage: scripts/guest/parse-log.sh MODE LOG [ARG]
# A count N may be given as a geometry (dist, small): the stock kernel's
# count at it, from records/stock-counts.
#   xarray LOG [N]  "XArray: N of N tests passed" (and N equal to ARG if given)
#   ida LOG [N]     "IDA: N of N tests passed" (and N equal to ARG if given)
#   xarray-total LOG N  "XArray: M of N tests passed": the self-test ran all
#                   N checks, whether or not each passed (under failslab)
#   btrfs IMAGE     btrfs check (read-only) finds the image clean
#   btrfs-selftests LOG  btrfs's self-tests (CONFIG_BTRFS_FS_RUN_SANITY_TESTS)
#                   ran at boot, each of their groups, and none failed
#   result LOG NAME the guest's "XARRAY-RESULT NAME pass" line (and shows
#                   the test's last "NAME: ..." line)
#   clean LOG       the guest reached its end marker, and no kernel splat
#                   (WARNING, BUG, Oops, panic, KASAN, UBSAN, lockdep, RCU
#                   stall or suspicious RCU usage) appears outside test_ida's
#                   own "vvv Ignore" ... "^^^" region of deliberate warnings
#                   (and no more than a stack dump between the guest's
#                   XARRAY-NOISE-BEGIN and -END markers)
#   nosplat LOG     no kernel splat, as for clean, but no end marker is
#                   needed (a guest the host killed on purpose)
#   clean-kcsan LOG as clean, but KCSAN's data-race reports are left out:
#                   scripts/guest/kcsan-reports.sh judges those
#   nocrash LOG     the guest reached its end marker, and no KASAN, BUG,
#                   Oops, panic, lockdep or RCU splat appears, nor any
#                   WARNING in the XArray; other WARNINGs are listed, not
#                   judged (btrfs warns by design when a transaction aborts
#                   on ENOMEM under failslab)
#   all LOG [N]     every check above that applies to LOG
# Prints one line saying what it found; exits non-zero on failure.
set -eu
mode=$1 log=$2 arg=${3:-} kcsan=0
[ -f "$log" ] || { echo "no log $log"; exit 1; }

# stock_count LABEL N|GEOMETRY: N, or the stock count at GEOMETRY.
stock_count() {
	case $2 in
	''|[0-9]*) echo "$2"; return 0 ;;
	esac
	n=$(sed -n "s/^$2 $1 \([0-9]*\)$/\1/p" \
		"$(dirname "$0")/../../records/stock-counts")
	[ -n "$n" ] || { echo "no $2 $1 count in records/stock-counts" >&2; exit 2; }
	echo "$n"
}

count_line() {	# count_line LABEL: print and keep in $line its last count line
	line=$(grep -a -o "$1: [0-9]* of [0-9]* tests passed" "$log" | tail -n 1)
	[ -n "$line" ] || { echo "$1: no result line"; return 1; }
	echo "$line"
}

selftest() {	# selftest LABEL EXPECTED
	count_line "$1" || return 1
	# shellcheck disable=SC2086 # the line's words, $3 to $8
	set -- "$1" "${2:-}" $line
	[ "$4" = "$6" ] || return 1
	[ -z "$2" ] || [ "$4" = "$2" ] || { echo "expected $2 tests"; return 1; }
}

ran_all() {	# ran_all LABEL TOTAL
	count_line "$1" || return 1
	# shellcheck disable=SC2086 # the line's words, $3 to $8
	set -- "$1" "$2" $line
	[ "$6" = "$2" ] || { echo "expected $2 tests to run"; return 1; }
}

btrfs_selftests() {
	# Each group of tests says "running ... tests"; a failed check
	# names its file and line.
	ran=$(tr -d '\r' <"$log" | grep -a -c 'BTRFS: selftest: running .* tests\?$' || true)
	failed=$(tr -d '\r' <"$log" | grep -a -E 'BTRFS: selftest: [^ ]+\.c:[0-9]+ ' || true)
	[ -z "$failed" ] || { echo "btrfs self-tests failed:"; echo "$failed" | head -n 10; return 1; }
	[ "$ran" -gt 0 ] || { echo "btrfs self-tests did not run"; return 1; }
	echo "btrfs self-tests: $ran groups ran, none failed"
}

result() {	# NAME: pass, with the test's own last "NAME: ..." line
	said=$(tr -d '\r' <"$log" | grep -a "^$1: " | tail -n 1 | cut -d' ' -f2-)
	grep -a -q "^XARRAY-RESULT $1 pass" "$log" && { echo "$1: pass${said:+; $said}"; return 0; }
	echo "$1: $(grep -a "^XARRAY-RESULT $1 " "$log" || echo 'no result line')"
	return 1
}

splats() {
	# A region that never closes is not ignored: a crash inside it counts.
	# Between the guest's XARRAY-NOISE markers (test_xarray run under
	# failslab) only the stack dumps of test_xarray's own failed checks
	# are dropped; a WARNING, BUG:, Oops or KASAN line there still counts.
	awk -v kcsan="$kcsan" '
	     kcsan && /BUG: KCSAN: / { inkcsan = 1; next }
	     inkcsan && /=================/ { inkcsan = 0; next }
	     inkcsan { next }
	     /XARRAY-NOISE-BEGIN/ { noise = 1; next }
	     /XARRAY-NOISE-END/ { noise = 0; next }
	     noise && /Call Trace:/ { next }
	     /vvv Ignore "not allocated" warnings/ { inr = 1; buf = ""; next }
	     inr && /\^\^\^ "not allocated" warnings over/ { inr = 0; next }
	     inr { buf = buf $0 "\n"; next }
	     { print }
	     END { if (inr) printf "%s", buf }' "$log" |
		grep -a -E 'WARNING:|BUG:|Oops|Kernel panic|KASAN|UBSAN|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU usage|rcu: INFO|detected stall|general protection fault|Call Trace:' || true
}

nosplat() {
	found=$(splats)
	[ -z "$found" ] || { echo "kernel splat:"; echo "$found" | head -n 20; return 1; }
}

nocrash() {
	all=$(splats)
	hard=$(echo "$all" | grep -a -v -E 'WARNING: CPU: [0-9]+ PID: [0-9]+ at |Call Trace:' || true)
	xa=$(echo "$all" | grep -a -E 'WARNING: CPU: .* at (__)?xas?_|WARNING: CPU: .* at lib/xarray\.c' || true)
	[ -z "$hard$xa" ] || { echo "kernel splat:"; echo "$hard$xa" | head -n 20; return 1; }
	grep -a -q '^XARRAY-GUEST-DONE' "$log" || { echo "guest never reached its end marker"; return 1; }
	warned=$(echo "$all" | sed -n 's/.*WARNING: CPU: [0-9]* PID: [0-9]* at \([^+ ]*\).*/\1/p' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
	echo "no crash, guest finished; WARNINGs outside the XArray: ${warned:-none}"
}

clean() {
	nosplat || return 1
	grep -a -q '^XARRAY-GUEST-DONE' "$log" || { echo "guest never reached its end marker"; return 1; }
	echo "no splat, guest finished"
}

case $mode in
xarray|xarray-total|all) arg=$(stock_count XArray "$arg") || exit 2 ;;
ida)	arg=$(stock_count IDA "$arg") || exit 2 ;;
esac
case $mode in
xarray)	selftest XArray "$arg" ;;
ida)	selftest IDA "$arg" ;;
xarray-total) ran_all XArray "${arg:?xarray-total needs the count}" ;;
btrfs)	btrfs check --readonly "$log" && echo "btrfs check: clean" ;;
btrfs-selftests) btrfs_selftests ;;
result)	result "$arg" ;;
clean)	clean ;;
clean-kcsan) kcsan=1; clean ;;
nosplat) nosplat && echo "no splat" ;;
nocrash) nocrash ;;
all)
	rc=0
	selftest XArray "$arg" || rc=1
	selftest IDA "" || rc=1
	tests=$(sed -n 's/^XARRAY-RESULT \([^ ]*\) .*/\1/p' "$log")
	for t in $tests; do	# test names have no spaces
		result "$t" || rc=1
	done
	clean || rc=1
	exit $rc ;;
*)	echo "unknown mode $mode"; exit 2 ;;
esac
