#!/bin/sh
# The make fstests report fails on a test that passes on stock and fails
# or times out on patched, even with a note, and on a difference without
# a note; it passes when the kernels agree or a note explains their
# difference, and lists what failed on both and what did not run on
# both, with the guest's reason; outcomes on an earlier series are
# listed apart and neither counted nor failed on; the tests the soak
# runs first are counted apart too.  The results and the
# notes are made up here, one case each.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
report="sh $here/../scripts/fstests/report.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/lib/tally.sh"
printf 'btrfs btrfs/901\nbtrfs btrfs/902\nbtrfs btrfs/903\n' >"$tmp/selection"
printf '# notes\nbtrfs btrfs/901 A note on 901.\n' >"$tmp/notes"

results() {	# results OUTCOMES: btrfs/901 on, one a test, 10 s each
	i=901
	for o in $1; do
		why=
		[ "$o" != notrun ] || why=' This test requires dm dust support'
		echo "btrfs btrfs/$i $o 10$why"
		i=$((i + 1))
	done
}

expect() {	# expect pass|fail NAME STOCK-OUTCOMES PATCHED-OUTCOMES
	want=$1 name=$2 got=fail
	results "$3" >"$tmp/$name.stock"
	results "$4" >"$tmp/$name.patched"
	if $report --notes "$tmp/notes" "$tmp/selection" \
		"$tmp/$name.stock" "$tmp/$name.patched" >"$tmp/$name.md" 2>&1; then
		got=pass
	fi
	ok=no
	[ "$got" != "$want" ] || ok=yes
	tally "$name (wanted $want)" "$ok" "$tmp/$name.md"
}

expect pass same-outcomes-pass 'pass notrun fail' 'pass notrun fail'
expect fail pass-then-fail-fails 'pass notrun fail' 'fail notrun fail'
expect fail pass-then-timeout-fails 'pass notrun fail' 'timeout notrun fail'
expect fail unexplained-difference-fails 'pass notrun fail' 'pass pass fail'
expect pass explained-difference-passes 'fail notrun fail' 'pass notrun fail'
expect pass fewer-on-one-kernel-are-left 'pass notrun fail' 'pass notrun'

lists() {	# lists NAME PATTERN: the agreeing report has a line PATTERN
	found=no
	if grep -q "$2" "$tmp/same-outcomes-pass.md"; then found=yes; fi
	tally "$1" "$found" "$tmp/same-outcomes-pass.md"
}

lists fail-on-both-is-listed '^- btrfs btrfs/903: fail on both'
lists notrun-on-both-is-listed-with-its-reason \
	'^- This test requires dm dust support: btrfs btrfs/902$'
# The patched kernel ran only btrfs/901 on the current series; 902 and
# 903 ran on an earlier one, where 903 failed after passing on stock.
results 'pass pass pass' >"$tmp/earlier.stock"
results 'pass' >"$tmp/earlier.patched"
{ results 'fail pass fail' | sed 's/^/0ld5e71e5000 /'; } >"$tmp/earlier.old"
got=pass
$report --notes "$tmp/notes" --series 5e71e5c0ffee --earlier "$tmp/earlier.old" \
	"$tmp/selection" "$tmp/earlier.stock" "$tmp/earlier.patched" \
	>"$tmp/earlier.md" 2>&1 || got=fail
ok=no
if [ "$got" = pass ] && grep -q '^| btrfs | 3 | 1 | 1 | 0 | 0 | 0 | 0 | 2 |$' "$tmp/earlier.md"; then
	ok=yes
fi
tally earlier-series-outcomes-are-not-counted "$ok" "$tmp/earlier.md"
ok=no
if grep -q '^- series 0ld5e71e5000: 2 tests$' "$tmp/earlier.md" &&
	grep -q '^- passed on stock, failed on patched: btrfs btrfs/903 (series 0ld5e71e5000)$' "$tmp/earlier.md" &&
	grep -q 'current series, 5e71e5c0ffee\.$' "$tmp/earlier.md"; then
	ok=yes
fi
tally earlier-series-outcomes-are-listed-apart "$ok" "$tmp/earlier.md"
# The soak runs btrfs/901 and 903 first; only 901 ran on both.
printf 'btrfs btrfs/901\nbtrfs btrfs/903\n' >"$tmp/first"
$report --notes "$tmp/notes" --first "$tmp/first" "$tmp/selection" \
	"$tmp/earlier.stock" "$tmp/earlier.patched" >"$tmp/first.md" 2>&1 || :
ok=no
if grep -q '^| btrfs | 2 | 1 | 1 |$' "$tmp/first.md"; then ok=yes; fi
tally first-groups-progress-is-counted "$ok" "$tmp/first.md"
tally_end
