#!/bin/sh
# Run one binary of the radix-tree harness in (path harness NAME) and judge
# it: exit status 0, every "N of M tests passed" line with N = M, no leak
# report ("nr_allocated = N", which the harness prints but exits 0 on) and
# no sanitizer report.  Output goes to (path logs)/harness-NAME-BIN.out.
# Usage: scripts/harness/run.sh NAME BIN
set -eu
. "$(dirname "$0")/../lib/common.sh"
[ $# -eq 2 ] || die "usage: $0 NAME BIN"
dir=$(path harness "$1")/tools/testing/radix-tree
log=$(path logs)/harness-$1-$2.out
mkdir -p "$(path logs)"
start=$(date +%s)
rc=0
# ASan aborts lose buffered stdout unless it is line-buffered.
(cd "$dir" && ASAN_OPTIONS=verify_asan_link_order=0 stdbuf -oL "./$2") \
	>"$log" 2>&1 || rc=$?
secs=$(($(date +%s) - start))
counts=$(grep -a -o '[A-Za-z]*: [0-9]* of [0-9]* tests passed' "$log" || true)
echo "${counts:-$2: no count line} ($secs s)"
[ "$rc" -eq 0 ] || die "$2 exited with status $rc (see $log)"
echo "$counts" | while read -r label n _of m _rest; do
	[ -z "$label" ] || [ "$n" = "$m" ] || die "$label $n of $m"
done
if grep -a -q 'nr_allocated = ' "$log"; then
	die "$2 leaked: $(grep -a 'nr_allocated = ' "$log" | tail -n 1)"
fi
if grep -a -q -E 'ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer' "$log"; then
	die "$2: sanitizer report in $log"
fi
