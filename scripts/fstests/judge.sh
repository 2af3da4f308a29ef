#!/bin/sh
# Judge one section of an fstests run (fstests/run.sh's RESULTS) against
# the LIST it ran.  Usage: scripts/fstests/judge.sh [--stock] RESULTS LIST SECTION
# SECTION is an fstests section (btrfs, xfs, tmpfs_huge) or stress-ng.
# Every item of LIST in SECTION must have an outcome, and it must be
# "pass", unless LIST's line for it goes on with
#	notrun REASON		it does not run here (REASON says why), or
#	expect-fail STOCK	it fails on stock 6.1 too; STOCK is stock's
#				recorded result
# Those words are the list's record of stock 6.1: with --stock (make
# compare, on the stock kernel's RESULTS) every outcome must be the one
# recorded, pass where nothing is.
# Prints the outcome of every item that is not a plain pass, then
# "SECTION: N passed, N not run, N failing as on stock, N failed";
# exits 1 on a failure.
set -eu
stock=0
[ "${1:-}" != --stock ] || { stock=1; shift; }
[ $# -eq 3 ] || { echo "usage: $0 [--stock] RESULTS LIST SECTION" >&2; exit 2; }
results=$1 list=$2 section=$3
[ -f "$results" ] || { echo "no results $results: the run did not happen"; exit 1; }
sed 's/#.*//' "$list" | awk -v s="$section" -v stock="$stock" '
	# The results: SECTION TEST STATUS SECONDS [REASON].
	FILENAME != "-" { st[$1 " " $2] = $3; why[$1 " " $2] = $0; next }
	$1 != s { next }
	{
		item = $1 " " $2; allow = $3
		want = allow == "notrun" ? "notrun" : allow == "expect-fail" ? "fail" : "pass"
		n++
		if (!(item in st)) { bad++; print item ": no outcome"; next }
		got = st[item]
		if (got == "pass" && (!stock || want == "pass")) { pass++; next }
		if (got == "notrun" && want == "notrun") {
			notrun++; print why[item] " (listed: does not run here)"; next
		}
		if (got == "fail" && want == "fail") {
			known++; print why[item] " (listed: fails on stock too)"; next
		}
		bad++; print why[item] (stock ? " (stock 6.1 recorded: " want ")" : "")
	}
	END {
		if (!n) { print s ": no item in the list"; exit 1 }
		printf "%s: %d passed, %d not run, %d failing as on stock, %d failed\n",
			s, pass, notrun, known, bad
		exit bad > 0
	}' "$results" -
