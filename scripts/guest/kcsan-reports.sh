#!/bin/sh
# Judge a KCSAN kernel's console: was the detector armed, and did it
# report a data race in our code?
# Usage: scripts/guest/kcsan-reports.sh [--stock | --record FILE] NAME LOG
# NAME is the kernel (patched-kcsan, stock-kcsan): its vmlinux resolves
# the reports' frames and its tree says which btrfs functions the series
# changed.
#
# Armed: the console must say "kcsan: enabled early" and that KCSAN's
# boot self-test passed; otherwise no report would mean nothing.
# Each report's racing accesses are resolved through their first frame,
# inlined functions included (scripts/faddr2line over the kernel's line
# tables).  A report is ours when an access lies in lib/xarray.c, in
# include/linux/xarray.h or in a btrfs function the series changed, and
# also when a frame does not resolve or the report shows none, since
# nothing then says it is not: any such report fails the check.  Other
# reports are listed with whether the same kernel built from stock gave
# them too (records/kcsan-stock).  --stock judges a stock kernel's
# console: it must be armed, and its reports are listed against the
# record, ours included (they are stock's own races); --record FILE
# also writes the titles of its reports to FILE.
set -eu
. "$(dirname "$0")/../lib/common.sh"
record='' stock=''
case ${1:-} in
--stock) stock=1; shift ;;
--record) stock=1 record=${2:?--record needs a file}; shift 2 ;;
esac
[ $# -eq 2 ] || die "usage: $0 [--stock | --record FILE] NAME LOG"
name=$1 log=$2
[ -f "$log" ] || die "no log $log"
tree=$(kernel_tree "$name")
vmlinux=$(path build "$name")/vmlinux
[ -f "$vmlinux" ] || die "no $vmlinux: build the $name kernel first"
stock_record=$REPO/records/kcsan-stock
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

grep -a -q 'kcsan: enabled early' "$log" ||
	{ echo "KCSAN never armed: no \"kcsan: enabled early\" on the console"; exit 1; }
grep -a -q 'kcsan: selftest: \([0-9]*\)/\1 tests passed' "$log" ||
	{ echo "KCSAN's boot self-test did not pass"; exit 1; }

# One line per report: "N<TAB>TITLE<TAB>FRAME FRAME", a frame being the
# first of each access ("func+0x1/0x2").
tr -d '\r' <"$log" | sed 's/^\[ *[0-9.]*\] //' | awk '
	/^BUG: KCSAN: / { n++; sub(/^BUG: KCSAN: [a-z-]* in /, ""); gsub(/\+0x[0-9a-f]+\/0x[0-9a-f]+/, ""); title[n] = $0; want = 0; next }
	!n { next }
	/^(read|write|read-write|race at unknown origin)/ && / on cpu [0-9]+:$/ { want = 1; next }
	want && /^ *[A-Za-z_.][A-Za-z0-9_.]*\+0x[0-9a-f]+\/0x[0-9a-f]+/ {
		sub(/^ */, ""); sub(/ .*/, ""); frames[n] = frames[n] " " $0; want = 0 }
	END { for (i = 1; i <= n; i++) printf "%d\t%s\t%s\n", i, title[i], frames[i] }
' >"$work/reports"

# The btrfs functions the series changed: those whose body (from the
# patched tree's line numbers) holds a changed line.
changed_btrfs_functions() {
	pristine=$(path tree)
	for f in "$PATCHED"/fs/btrfs/*.c; do
		base=${f##*/}
		cmp -s "$f" "$pristine/fs/btrfs/$base" && continue
		diff -U0 "$pristine/fs/btrfs/$base" "$f" |
			sed -n 's/^@@ -[0-9,]* +\([0-9]*\),*\([0-9]*\) @@.*/\1 \2/p' |
			awk -v file="$f" -v base="$base" '
			{ first = $1; last = $1 + ($2 == "" ? 1 : $2) - 1
			  if ($2 == "0") last = first
			  lo[NR] = first; hi[NR] = last }
			END {
				while ((getline line < file) > 0) {
					ln++
					if (line ~ /^[a-z].*[a-z0-9_]+\(/ && line !~ /;$/) {
						fn = line; sub(/\(.*/, "", fn); sub(/.*[ *]/, "", fn); start = ln }
					if (line ~ /^}/ && fn != "") {
						for (h in lo) if (lo[h] <= ln && hi[h] >= start) {
							print "fs/btrfs/" base " " fn; break }
						fn = "" }
				}
			}'
	done
}
changed_btrfs_functions | sort -u >"$work/btrfs-changed"

# Resolve every first frame once: "FRAME<TAB>file func file func ...".
cut -f3 "$work/reports" | tr ' ' '\n' | sed '/^$/d' | sort -u >"$work/frames"
if [ -s "$work/frames" ]; then
	# shellcheck disable=SC2046 # one argument per frame
	"$tree/scripts/faddr2line" "$vmlinux" $(cat "$work/frames") 2>&1 | awk '
		/^[A-Za-z_.][A-Za-z0-9_.]*\+0x[0-9a-f]+\/0x[0-9a-f]+:$/ { f = substr($0, 1, length($0) - 1); next }
		/ at / { fn = $0; sub(/^\(inlined by\) /, "", fn); sub(/ at .*/, "", fn)
			 file = $0; sub(/.* at /, "", file); sub(/:.*/, "", file)
			 at[f] = at[f] " " file " " fn }
		END { for (f in at) printf "%s\t%s\n", f, at[f] }' >"$work/where"
else
	: >"$work/where"
fi

# where_of FRAME: the frame's "file function" pairs, empty if unresolved.
where_of() {
	awk -F '\t' -v f="$1" '$1 == f { print $2 }' "$work/where"
}

# ours FRAME: does the frame, or a function inlined into it, lie in our code?
ours() {
	# shellcheck disable=SC2046 # pairs of words: file function
	set -- $(where_of "$1")
	while [ $# -ge 2 ]; do
		case $1 in
		*lib/xarray.c|*include/linux/xarray.h) return 0 ;;
		*fs/btrfs/*.c)
			grep -qx "fs/btrfs/${1##*fs/btrfs/} $2" "$work/btrfs-changed" && return 0 ;;
		esac
		shift 2
	done
	return 1
}

# One line per report ("ours: TITLE (at FILE FUNCTION ...)", "stock
# too: TITLE" or "not in records/kcsan-stock: TITLE"), then the same
# lines counted.
while IFS="$(printf '\t')" read -r _ title frames; do
	mine=''
	[ -n "$frames" ] || mine=' (no frame found in the report)'
	for f in $frames; do
		[ -n "$(where_of "$f")" ] ||
			mine="$mine (unresolved $f: is the console from this build?)"
		ours "$f" || continue
		mine="$mine$(where_of "$f")"
	done
	if [ -n "$mine" ]; then
		echo "ours: $title (at$mine)"
	elif [ -f "$stock_record" ] && grep -qxF "$title" "$stock_record"; then
		echo "stock too: $title"
	else
		echo "not in records/kcsan-stock: $title"
	fi
done <"$work/reports" >"$work/judged"
sort "$work/judged" | uniq -c | sort -rn
bad=$(grep -c '^ours: ' "$work/judged" || true)
new=$(grep -c '^not in ' "$work/judged" || true)
total=$(wc -l <"$work/reports")
cut -f2 "$work/reports" >"$work/titles"

if [ -n "$record" ]; then
	{ echo "# KCSAN reports of the $name kernel's guest (scripts/guest/kcsan-reports.sh --record)"
	  sort -u "$work/titles"; } >"$record"
	echo "recorded $(sort -u "$work/titles" | wc -l) report titles in $record"
fi
echo "KCSAN armed; $total reports: $bad in the XArray or the series' btrfs code, $((total - bad)) elsewhere ($new not in records/kcsan-stock)"
[ -n "$stock" ] || [ "$bad" -eq 0 ]
